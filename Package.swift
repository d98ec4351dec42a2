// swift-tools-version:6.0
import PackageDescription

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
        .target(name: "CSystem"),
        .target(name: "VaultKit", dependencies: ["CCmarkGFM", "CSystem"]),
        .target(name: "VaultCLI", dependencies: ["VaultKit"]),
        .executableTarget(name: "vault", dependencies: ["VaultCLI"]),
        .target(name: "VaultBench"),
        .executableTarget(name: "vault-bench", dependencies: ["VaultBench"]),
        .testTarget(name: "VaultBenchTests", dependencies: ["VaultBench"]),
        .testTarget(name: "VaultKitTests", dependencies: ["VaultKit"]),
        .testTarget(name: "VaultCLITests", dependencies: ["VaultCLI", "vault"], exclude: ["Transcripts"]),
    ],
    swiftLanguageModes: [.v6]
)
