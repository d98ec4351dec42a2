/// The process floor: a Swift hello-world with its standard library linked in, as the release
/// `vault` has it, so the table shows what any Swift command costs before it does any work.
enum HelloFloor {
    /// The compiled program in `cache`, built on first use; a reason when it cannot be.
    static func prepare(cache: String) -> Result<String, BenchError> {
        let binary = cache + "/hello-floor"
        if ProcessRunner.isInstalled(binary) { return .success(binary) }
        guard ProcessRunner.isInstalled("swiftc") else { return .failure(BenchError("missing (swiftc)")) }
        do {
            try BenchFiles.makeFolders(cache)
            let source = cache + "/hello-floor.swift"
            try BenchFiles.replace(source, Array("print(\"hello, world\")\n".utf8))
            // Statically linked like `vault`'s release build, when the toolchain can.
            for flags in [["-O", "-static-stdlib"], ["-O"]] {
                let outcome = try ProcessRunner.run(["swiftc"] + flags + [source, "-o", binary], capture: true)
                if outcome.status == 0 { return .success(binary) }
            }
            return .failure(BenchError("failed (swiftc could not build hello-world)"))
        } catch let error as BenchError {
            return .failure(error)
        } catch {
            return .failure(BenchError("\(error)"))
        }
    }
}
