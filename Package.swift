// swift-tools-version:6.0
import PackageDescription

// Layers, lowest first; a target imports only those below it (README, "Layout of the code"):
// VaultSystem (files, the safe writer, the lock, the clock, JSON) <- VaultMarkdown (the
// markdown of one note) <- VaultKit (the vault and every feature) <- VaultCLI <- vault.
// VaultRPC (JSON-RPC messages and framing) sits on VaultSystem alone, under the servers;
// VaultMCP (the Model Context Protocol adapter) on VaultKit and VaultRPC, under VaultCLI.
// The seams through which tests break a run on purpose (`VAULT_TEST_CRASH_AT`) exist in debug
// builds only, which is what `swift test` builds: the release binary has none.
let testSeams: [SwiftSetting] = [.define("VAULT_TEST_SEAMS", .when(configuration: .debug))]

let package = Package(
    name: "vault",
    products: [
        .library(name: "VaultKit", targets: ["VaultKit"]),
        .executable(name: "vault", targets: ["vault"]),
        .executable(name: "vault-bench", targets: ["vault-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        .target(name: "CSystem"),
        // Byte searches in sixteen-byte steps, for the search of note text.
        .target(name: "CByteSearch"),
        .target(name: "VaultSystem", dependencies: ["CSystem"]),
        .target(name: "VaultMarkdown", dependencies: ["VaultSystem", "CCmarkGFM"]),
        .target(name: "VaultKit", dependencies: ["VaultSystem", "VaultMarkdown", "CPCRE2", "CByteSearch"]),
        .target(name: "VaultRPC", dependencies: ["VaultSystem"]),
        // The servers: protocol adapters over VaultKit, started by `vault mcp` and `vault lsp`.
        .target(name: "VaultMCP", dependencies: ["VaultKit", "VaultRPC", "VaultMarkdown", "VaultSystem"]),
        .target(name: "VaultLSP", dependencies: ["VaultKit", "VaultRPC", "VaultMarkdown", "VaultSystem"]),
        .target(
            name: "VaultCLI", dependencies: ["VaultKit", "VaultMCP", "VaultLSP", "VaultRPC", "VaultMarkdown", "VaultSystem"],
            swiftSettings: testSeams),
        .executableTarget(name: "vault", dependencies: ["VaultCLI"]),
        .target(name: "VaultBench", dependencies: ["CSystem"]),
        // What the test targets share to run programs: never part of the product.
        .target(name: "TestSupport", dependencies: ["CSystem", "VaultSystem", "VaultBench"], path: "Tests/TestSupport"),
        .executableTarget(name: "vault-bench", dependencies: ["VaultBench"]),
        .testTarget(name: "VaultBenchTests", dependencies: ["VaultBench"]),
        .testTarget(
            name: "VaultKitTests", dependencies: ["VaultKit", "VaultMarkdown", "VaultSystem", "TestSupport"],
            exclude: ["Facts/OldFacts.txt"]),
        .testTarget(name: "VaultRPCTests", dependencies: ["VaultRPC", "VaultSystem", "CSystem"]),
        .testTarget(name: "VaultCLITests", dependencies: ["VaultCLI", "vault", "TestSupport"], exclude: ["Transcripts"]),
        .testTarget(
            name: "VaultMCPTests", dependencies: ["VaultMCP", "VaultKit", "VaultRPC", "VaultSystem", "CSystem", "vault", "TestSupport"], exclude: ["Clients"]),
        .testTarget(name: "VaultLSPTests", dependencies: ["VaultLSP", "VaultKit", "VaultRPC", "VaultSystem", "vault", "TestSupport"], exclude: ["lsp-client.lua", "Clients"]),
    ],
    swiftLanguageModes: [.v6]
)
