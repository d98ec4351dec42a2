import VaultSystem

/// The settings of a Logseq graph that decide how its pages are named and where its files
/// go, read from `logseq/config.edn` (a folder holding it is a Logseq graph). A setting that
/// is missing or cannot be used keeps Logseq's default, and `problems` says why.
public struct LogseqConfig: Equatable, Sendable {
    /// How a page name becomes a file name (`:file/name-format`).
    public enum FileNameFormat: String, Equatable, Sendable {
        /// `:triple-lowbar`: `a/b` is `a___b.md`, other reserved characters percent-encoded.
        case tripleLowbar
        /// The format of graphs made before it (the key absent): `a/b` is `a.b.md` or `a%2Fb.md`.
        case legacy
    }

    /// The settings file, relative to the graph's folder.
    public static let path = "logseq/config.edn"

    public var fileNameFormat: FileNameFormat = .legacy
    /// `:journal/page-title-format`: how a journal page is named (`Feb 2nd, 2021`).
    public var journalTitle: LogseqDateFormat = .defaultTitle
    /// `:journal/file-name-format`: the journal's file name (`2021_02_02`).
    public var journalFileName: LogseqDateFormat = .defaultFileName
    /// `:pages-directory` and `:journals-directory`.
    public var pagesFolder = "pages"
    public var journalsFolder = "journals"
    /// True for Logseq's `:now` workflow (`LATER`, `NOW`), its default; false for `:todo`
    /// (`TODO`, `DOING`). A task that is in neither (`DONE`, `WAITING`) is reopened or
    /// started in this one, as Logseq does.
    public var prefersNowWorkflow = true
    /// `:feature/enable-timetracking?`: a task that starts is clocked in, and one that stops
    /// clocked out, in its `:LOGBOOK:` drawer, unless the graph sets it false.
    public var tracksTime = true
    /// `:logbook/settings {:with-second-support? …}`: clock times with their seconds (the
    /// default) or without.
    public var clockSeconds = true
    /// What could not be used, each said once: the file does not parse, a setting's value.
    public var problems: [String] = []

    /// Logseq's defaults.
    public init() {}

    /// The settings in the text of a `config.edn`; text that is no EDN map gives the
    /// defaults, with the reason in `problems`.
    public init(text: String) {
        let value: EDNValue
        do {
            value = try EDNReader.read(text)
        } catch {
            problems.append("\(Self.path) does not parse (line \(error.line): \(error.reason)); Logseq's default settings are used")
            return
        }
        guard case .map = value else {
            problems.append("\(Self.path) holds no map of settings; Logseq's default settings are used")
            return
        }
        if let format = value["file/name-format"] {
            switch format {
            case .keyword("triple-lowbar"): fileNameFormat = .tripleLowbar
            case .keyword("legacy"): fileNameFormat = .legacy
            default: problems.append("\(Self.path): :file/name-format \(Self.written(format)) is not one vault knows; the legacy format is used")
            }
        }
        journalTitle = date(value, "journal/page-title-format", default: .defaultTitle)
        journalFileName = date(value, "journal/file-name-format", default: .defaultFileName)
        pagesFolder = folder(value, "pages-directory", default: "pages")
        journalsFolder = folder(value, "journals-directory", default: "journals")
        if case .bool(false) = value["feature/enable-timetracking?"] { tracksTime = false }
        if case .bool(false) = value["logbook/settings"]?["with-second-support?"] { clockSeconds = false }
        if let workflow = value["preferred-workflow"] {
            switch workflow {
            case .keyword("now"): prefersNowWorkflow = true
            case .keyword("todo"): prefersNowWorkflow = false
            default: problems.append("\(Self.path): :preferred-workflow \(Self.written(workflow)) is neither :now nor :todo; :now is used")
            }
        }
    }

    private mutating func date(_ map: EDNValue, _ key: String, default fallback: LogseqDateFormat) -> LogseqDateFormat {
        guard let setting = map[key] else { return fallback }
        guard case .string(let pattern) = setting, let format = LogseqDateFormat(pattern: pattern) else {
            problems.append("\(Self.path): :\(key) \(Self.written(setting)) is a date format vault cannot read; \"\(fallback)\" is used")
            return fallback
        }
        return format
    }

    private mutating func folder(_ map: EDNValue, _ key: String, default fallback: String) -> String {
        guard let setting = map[key] else { return fallback }
        guard case .string(var name) = setting else {
            problems.append("\(Self.path): :\(key) \(Self.written(setting)) is no folder name; \"\(fallback)\" is used")
            return fallback
        }
        while name.hasSuffix("/") { name.removeLast() }
        if name.hasPrefix("./") { name.removeFirst(2) }
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            problems.append("\(Self.path): :\(key) \"\(name)\" is not one top-level folder; \"\(fallback)\" is used")
            return fallback
        }
        return name
    }

    private static func written(_ value: EDNValue) -> String {
        switch value {
        case .string(let text): return "\"\(text)\""
        case .keyword(let name): return ":" + name
        case .symbol(let text), .number(let text): return text
        default: return "(a value of another kind)"
        }
    }
}
