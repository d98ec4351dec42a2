/// The arguments the timed commands are given: from the generator's manifest, or from the
/// command line for a vault the generator did not make.
struct BenchmarkQueries: Sendable, Equatable {
    var word: String
    var fuzzy: String
    /// The note the rename row renames; without one the row is left out.
    var renameNote: String?
    var renameTitle: String?

    init(word: String, fuzzy: String, renameNote: String? = nil, renameTitle: String? = nil) {
        self.word = word
        self.fuzzy = fuzzy
        self.renameNote = renameNote
        self.renameTitle = renameTitle
    }
}
