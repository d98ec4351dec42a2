import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The machine a benchmark ran on, as the table's reader needs it to compare numbers.
struct MachineInfo: Sendable {
    /// Online processors (`nproc`).
    let cores: Int
    let cpuModel: String?
    let memoryGiB: Int?
    /// `Linux 6.1.0`, from uname.
    let system: String

    /// The machine this process runs on.
    static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        var names = utsname()
        uname(&names)
        func field(_ value: Any) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let memoryKiB = value(of: "MemTotal", in: meminfo).flatMap { Int($0.split(separator: " ").first ?? "") }
        return MachineInfo(
            cores: sysconf(Int32(_SC_NPROCESSORS_ONLN)),
            cpuModel: value(of: "model name", in: cpuinfo),
            memoryGiB: memoryKiB.map { ($0 + 524_288) / 1_048_576 },
            system: field(names.sysname) + " " + field(names.release))
    }

    /// The value after `key:` on the first line that starts with `key` in a /proc file.
    private static func value(of key: String, in text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
