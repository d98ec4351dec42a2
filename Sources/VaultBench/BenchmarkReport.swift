/// The outcome of one harness run, rendered as the markdown the README shows.
struct BenchmarkReport: Sendable {
    let machine: MachineInfo
    /// The vault folder's name (not its path: the table is for any reader).
    let vaultName: String
    let vaultStats: VaultStats
    let vaultVersion: String?
    /// The earlier build's version, when one was timed beside it.
    var beforeVersion: String? = nil
    let peerVersions: [String]
    let runs: Int
    let warmup: Int
    let results: [RowResult]

    /// A heading, the machine and vault, the table, and the peers' exact command lines.
    func markdown() -> String {
        var lines = ["### \(Self.grouped(vaultStats.notes)) notes (`\(vaultName)`)", ""]
        var machineLine = "- machine: \(machine.cores) cores (nproc)"
        if let model = machine.cpuModel { machineLine += ", \(model)" }
        if let memory = machine.memoryGiB { machineLine += ", \(memory) GiB" }
        lines.append(machineLine + ", \(machine.system)")
        lines.append("- vault: \(Self.grouped(vaultStats.notes)) notes, \(Self.bytes(vaultStats.bytes))")
        lines.append("- vault build: " + (vaultVersion ?? "none found"))
        let compares = results.contains { $0.before != .none }
        if compares { lines.append("- earlier build: " + (beforeVersion ?? "unnamed") + ", interleaved with it") }
        if !peerVersions.isEmpty { lines.append("- peers: " + peerVersions.joined(separator: ", ")) }
        lines.append("- \(runs) runs each after \(warmup) warm-up, vault and peer interleaved; times are wall clock")
        lines.append("")
        if compares {
            lines.append("| command | vault min | vault median | peer | peer min | peer median | ratio | vault max RSS | earlier median | earlier max RSS | vs earlier |")
            lines.append("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        } else {
            lines.append("| command | vault min | vault median | peer | peer min | peer median | ratio | vault max RSS |")
            lines.append("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
        }
        for result in results {
            lines.append(Self.row(result, comparing: compares))
        }
        lines.append("")
        lines.append("Peers, run with `/bin/sh -c` in the vault folder:")
        lines.append("")
        for result in results where result.row.peerCommand.first == "/bin/sh" {
            lines.append("- \(result.row.name)\(result.row.remark.map { " " + $0 } ?? ""): `\(result.row.peerCommand.last!)`")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One table row: `—` where a side has nothing to show.
    static func row(_ result: RowResult, comparing: Bool = false) -> String {
        let isFloor = result.row.vaultArguments == nil
        var name = isFloor ? result.row.name : "`vault \(result.row.name)`"
        if let remark = result.row.remark { name += " " + remark }
        var cells = [name]
        cells += timeCells(result.vault)
        cells.append(isFloor ? result.row.peerLabel : "`" + result.row.peerLabel.replacingBars() + "`")
        cells += timeCells(result.peer)
        cells.append(ratioCell(result.vault, to: result.peer))
        cells.append(peakCell(result.vault))
        if comparing {
            if case .untimed(let reason) = result.before { cells.append(reason) } else { cells.append(timeCells(result.before)[1]) }
            cells.append(peakCell(result.before))
            cells.append(ratioCell(result.vault, to: result.before))
        }
        return "| " + cells.joined(separator: " | ") + " |"
    }

    /// A side's min and median, or why it has none.
    static func timeCells(_ outcome: CellOutcome) -> [String] {
        switch outcome {
        case .timed(let measurement): [seconds(measurement.min), seconds(measurement.median)]
        case .untimed(let reason): [reason, "—"]
        case .none: ["—", "—"]
        }
    }

    /// The ratio of two sides' medians, `—` unless both were timed.
    static func ratioCell(_ outcome: CellOutcome, to other: CellOutcome) -> String {
        guard case .timed(let measurement) = outcome, case .timed(let base) = other,
              let median = measurement.median, let baseMedian = base.median, baseMedian > 0 else { return "—" }
        return ratio(median / baseMedian)
    }

    /// The highest peak memory of a timed side, `—` otherwise.
    static func peakCell(_ outcome: CellOutcome) -> String {
        guard case .timed(let measurement) = outcome, let peak = measurement.peakRSSKiB else { return "—" }
        return mebibytes(peak)
    }

    /// `0.84 ms`, `12.3 ms`, `456 ms`, `1.23 s`.
    static func seconds(_ value: Double?) -> String {
        guard let value else { return "—" }
        let milliseconds = value * 1_000
        if milliseconds < 10 { return fixed(milliseconds, 2) + " ms" }
        if milliseconds < 100 { return fixed(milliseconds, 1) + " ms" }
        if milliseconds < 1_000 { return fixed(milliseconds, 0) + " ms" }
        return fixed(value, 2) + " s"
    }

    /// `0.52×`, `3.1×`, `42×`.
    static func ratio(_ value: Double) -> String {
        if value < 1 { return fixed(value, 2) + "×" }
        if value < 10 { return fixed(value, 1) + "×" }
        return fixed(value, 0) + "×"
    }

    /// KiB as `12.3 MiB`.
    static func mebibytes(_ kibibytes: Int) -> String {
        fixed(Double(kibibytes) / 1_024, 1) + " MiB"
    }

    /// Bytes as `26.1 MB`.
    static func bytes(_ count: Int) -> String {
        count < 1_000_000 ? fixed(Double(count) / 1_000, 1) + " kB" : fixed(Double(count) / 1_000_000, 1) + " MB"
    }

    /// `12345` as `12,345`.
    static func grouped(_ value: Int) -> String {
        var digits = String(value)
        var result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return digits + result
    }

    /// `value` rounded to `places` decimals, without Foundation's locale-dependent formats.
    static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        guard places > 0 else { return String(scaled) }
        let whole = String(scaled / Int(scale))
        let fraction = String(scaled % Int(scale))
        return whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}

extension String {
    /// The text with `|` escaped, so that it stays inside one markdown table cell.
    fileprivate func replacingBars() -> String {
        split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
