/// How one side of a row came out: timed, or why not.
enum CellOutcome: Sendable, Equatable {
    case timed(Measurement)
    /// Not timed, with the reason shown in the table (`not available in this build`,
    /// `missing (apt-get install ripgrep)`, `failed (exit 2)`).
    case untimed(String)
    /// Nothing to time on this side (the `vault` side of a floor row).
    case none
}

/// A row of the benchmark with what each side measured.
struct RowResult: Sendable {
    let row: BenchmarkRow
    let vault: CellOutcome
    let peer: CellOutcome
    /// The same command of an earlier build, when one was given to compare with.
    var before: CellOutcome = .none
}
