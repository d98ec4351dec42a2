import Foundation
import TestSupport
import Testing

@Suite("Concurrent writers")
struct ConcurrentCaptureTests {
    @Test("two capture processes at once, same title, same minute: both notes exist under distinct names")
    func twoProcesses() throws {
        let sandbox = try Sandbox(fixture: "demo")
        let environment = ["PATH": sandbox.binaries + ":/usr/bin:/bin", "HOME": sandbox.root]
        let processes = try (1...2).map { number in
            try ChildProcess(
                "/bin/sh", ["-c", "vault capture --title 'Same minute' 'thought \(number)'"], environment: environment,
                directory: sandbox.vault)
        }
        #expect(processes.map { $0.wait(timeout: 60) } == [0, 0])
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.vault + "/quick").filter { $0.hasPrefix("Same minute") }.sorted()
        #expect(names == ["Same minute 2.md", "Same minute.md"])
        let texts = try names.map { try String(contentsOfFile: sandbox.vault + "/quick/" + $0, encoding: .utf8) }
        #expect(Set(texts) == ["# Same minute\n\nthought 1\n", "# Same minute\n\nthought 2\n"])
    }
}
