import Foundation
import Glibc
import TestSupport
import Testing

/// What one run of the real `vault` binary gave.
struct VaultRun {
    var status: Int32
    var output: [UInt8]
    var errors: String

    var stdout: String { String(decoding: output, as: UTF8.self) }
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    /// Stdout as JSON (`--json` runs).
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(output)) }
}

/// A `vault` process started and not yet waited for, so several can run at once.
struct RunningVault {
    let process: ChildProcess
    let outputFile: String
    let errorFile: String

    /// Waits up to `timeout` seconds; a process still running then is killed and reports
    /// status -1, so a hang fails the test instead of stalling the suite.
    func finish(timeout: Double = 60) -> VaultRun {
        let status = process.wait(timeout: timeout) ?? -1
        defer {
            unlink(outputFile)
            unlink(errorFile)
        }
        return VaultRun(
            status: status, output: fileBytes(outputFile) ?? [],
            errors: String(decoding: fileBytes(errorFile) ?? [], as: UTF8.self))
    }
}

extension Sandbox {
    var environment: [String: String] {
        ["PATH": binaries + ":/usr/bin:/bin", "HOME": root, "LC_ALL": "C.UTF-8", "TZ": "UTC", "TERM": "dumb"]
    }

    /// Starts `vault` with exactly these arguments: no shell in between, so titles with
    /// quotes, `$`, NFD accents or 300 bytes reach it as written.
    ///
    /// Streams go to files, not pipes: a process that fills a pipe nobody reads stalls.
    func start(_ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:]) throws -> RunningVault {
        let base = NSTemporaryDirectory() + "/vault-fault-" + UUID().uuidString
        let process = try ChildProcess(
            binaries + "/vault", arguments, environment: environment.merging(extra) { $1 }, directory: directory ?? vault,
            output: .file(base + ".out"), errors: .file(base + ".err"))
        return RunningVault(process: process, outputFile: base + ".out", errorFile: base + ".err")
    }

    @discardableResult
    func vault(_ arguments: String..., in directory: String? = nil, environment: [String: String] = [:]) throws -> VaultRun {
        try start(arguments, in: directory, environment: environment).finish()
    }

    /// A vault made by `vault init` in this (empty) sandbox, with these notes written.
    func initialise(_ notes: [String: [UInt8]] = [:], at folder: String? = nil) throws -> String {
        let path = folder ?? vault
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let made = try self.vault("init", path)
        guard made.status == 0 else { throw FaultSuiteFailure("vault init: \(made.errors)") }
        try write(notes, in: path)
        return path
    }

    func write(_ files: [String: [UInt8]], in folder: String? = nil) throws {
        for (path, bytes) in files {
            let full = (folder ?? vault) + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: full, contents: Data(bytes)) else { throw FaultSuiteFailure("cannot write \(full)") }
        }
    }

    func bytes(_ path: String) -> [UInt8]? { fileBytes(vault + "/" + path) }
}

struct FaultSuiteFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

/// One entry of a folder tree, compared by content: a file's bytes, a folder, a symlink's target.
enum TreeEntry: Equatable {
    case file([UInt8])
    case folder
    case link(String)
}

/// Every entry under `folder` by relative path. Symlinks are recorded, never followed, so a
/// loop cannot trap the walk.
func tree(_ folder: String, skipping skipped: Set<String> = []) -> [String: TreeEntry] {
    var result: [String: TreeEntry] = [:]
    var pending = [""]
    while let relative = pending.popLast() {
        let absolute = relative.isEmpty ? folder : folder + "/" + relative
        for name in (try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? [] {
            let path = relative.isEmpty ? name : relative + "/" + name
            if skipped.contains(path) { continue }
            var info = stat()
            guard lstat(folder + "/" + path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                result[path] = .folder
                pending.append(path)
            case S_IFLNK:
                result[path] = .link((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + path)) ?? "")
            default:
                result[path] = .file(fileBytes(folder + "/" + path) ?? [])
            }
        }
    }
    return result
}

/// The paths that differ between two trees, for a readable failure.
func differences(_ before: [String: TreeEntry], _ after: [String: TreeEntry]) -> [String] {
    Set(before.keys).union(after.keys).sorted().compactMap { path in
        switch (before[path], after[path]) {
        case (nil, _): return "added " + path
        case (_, nil): return "removed " + path
        case let (old, new) where old != new: return "changed " + path
        default: return nil
        }
    }
}

/// The safe writer's temporary files (`.~name.random.tmp`), which must never outlive a command.
func temporaryFiles(_ tree: [String: TreeEntry]) -> [String] {
    tree.keys.filter { path in
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasPrefix(".~") && name.hasSuffix(".tmp")
    }.sorted()
}

/// `vault check --json`'s dangling links, as `source:line: text`.
func danglingLinks(_ run: VaultRun) -> Set<String> {
    let links = ((run.json as? [String: Any])?["dangling"] as? [[String: Any]]) ?? []
    return Set(links.map { "\($0["source"] ?? ""):\($0["line"] ?? ""): \($0["text"] ?? "")" })
}

/// A real full disk: a small tmpfs mounted in a user and mount namespace, where no root
/// on the host is needed and the mount vanishes with the namespace.
enum FullDisk {
    static let isAvailable: Bool = {
        let folder = NSTemporaryDirectory() + "/vault-fault-probe-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let probe = "unshare -r -m true && unshare -r -m sh -c 'mount -t tmpfs -o size=64k tmpfs \"$1\"' sh \"$0\""
        let outcome = try? ChildProcess.run("/bin/sh", ["-c", probe, folder], environment: ["PATH": "/usr/bin:/bin"], timeout: 30)
        return outcome?.status == 0
    }()

    /// Runs `script` in a new user and mount namespace; its outputs land in the sandbox root.
    static func run(in sandbox: Sandbox, seed: String, text: String) throws -> Int32 {
        let outcome = try ChildProcess.run(
            "/usr/bin/env", ["unshare", "-r", "-m", "sh", "-c", script, "sh", sandbox.root, seed, text],
            environment: sandbox.environment, timeout: 60)
        return outcome.status
    }

    /// Runs inside the namespace with $1 the output folder, $2 the seed note, $3 the long
    /// text. For each mode it mounts a 256 KiB tmpfs, makes a vault there, fills the disk
    /// (`full`: to the last page; `almost`: 8 KiB left, so the temporary file is created
    /// and its write fails halfway), runs an append and a capture, and copies the vault out
    /// (the tmpfs goes with the namespace). Then it frees the space and appends again.
    static let script = #"""
        out=$1 seed=$2 long=$3
        for mode in full almost; do
          d="$out/$mode.mount"
          mkdir -p "$d" && mount -t tmpfs -o size=256k tmpfs "$d" || exit 90
          (cd "$d" && vault init . >/dev/null) || exit 91
          cp "$seed" "$d/pages/Note.md"
          if [ "$mode" = almost ]; then dd if=/dev/zero of="$d/spare" bs=1k count=8 2>/dev/null; fi
          dd if=/dev/zero of="$d/fill" bs=1k 2>/dev/null
          rm -f "$d/spare"
          cd "$d"
          vault append Note "$long" >"$out/$mode.append.out" 2>"$out/$mode.append.err"; echo $? >"$out/$mode.append.status"
          vault capture "$long" >"$out/$mode.capture.out" 2>"$out/$mode.capture.err"; echo $? >"$out/$mode.capture.status"
          mkdir "$out/$mode.after" && cp -a "$d/." "$out/$mode.after/" && rm "$out/$mode.after/fill"
          rm fill
          vault append Note "after the disk was freed" >/dev/null 2>&1; echo $? >"$out/$mode.freed.status"
          cp pages/Note.md "$out/$mode.freed.md"
          cd "$out"
        done
        """#
}
