import Foundation
import Testing

@Suite("Concurrent writers")
struct ConcurrentCaptureTests {
    @Test("two capture processes at once, same title, same minute: both notes exist under distinct names")
    func twoProcesses() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let processes = (1...2).map { number -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "vault capture --title 'Same minute' 'thought \(number)'"]
            process.currentDirectoryURL = URL(fileURLWithPath: sandbox.vault)
            process.environment = ["PATH": sandbox.binaries + ":/usr/bin:/bin", "HOME": sandbox.root]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0])
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.vault + "/quick").filter { $0.hasPrefix("Same minute") }.sorted()
        #expect(names == ["Same minute 2.md", "Same minute.md"])
        let texts = try names.map { try String(contentsOfFile: sandbox.vault + "/quick/" + $0, encoding: .utf8) }
        #expect(Set(texts) == ["# Same minute\n\nthought 1\n", "# Same minute\n\nthought 2\n"])
    }
}
