import VaultMarkdown
import VaultSystem

/// The settings of an Obsidian vault (a folder holding `.obsidian/`) that decide where its
/// files go: the daily notes (`daily-notes.json`), the folder of new notes (`app.json`) and
/// the template folder (`templates.json`). A file or setting that is missing keeps
/// Obsidian's default; one that cannot be used keeps it too, and `problems` says why.
public struct ObsidianSettings: Equatable, Sendable {
    /// The settings folder, relative to the vault's folder.
    public static let folder = ".obsidian"
    /// Obsidian's default daily note name, `2026-11-30`.
    public static let defaultDailyFormat = "YYYY-MM-DD"

    /// The settings of the Daily notes core plugin.
    public struct DailyNotes: Equatable, Sendable {
        /// `folder`: vault-relative, without slashes around it; empty for the vault's top folder.
        public var folder = ""
        /// `format`: a moment.js pattern that reads back into a day; its slashes make folders.
        public var format = ObsidianSettings.defaultDailyFormat
        /// `template`: the vault-relative path of the template, nil when unset.
        public var template: String?

        public init() {}
    }

    /// The daily notes settings, nil when the vault has no `daily-notes.json` (vault's own
    /// journals folder is then used).
    public var dailyNotes: DailyNotes?
    /// `folder` of `templates.json`, nil when unset.
    public var templateFolder: String?
    /// `newFileFolderPath` of `app.json` when `newFileLocation` is `"folder"`; empty for the
    /// vault's top folder, nil when new notes go elsewhere.
    public var newFileFolder: String?
    /// The Obsidian Tasks plugin's settings, read once for the listing and the editing of
    /// tasks, and why its file could not be used, if it could not.
    public var tasksPlugin = TasksPluginSettings()
    var tasksPluginWarning: VaultWarning?
    /// What could not be used, each said once.
    public var problems: [String] = []

    /// Obsidian's defaults, with no daily notes settings.
    public init() {}

    /// The settings in the files of `.obsidian/` under `root`, read through `fileSystem`;
    /// nil when there is no such folder (the vault is no Obsidian vault).
    public init?(root: String, fileSystem: any FileSystem) {
        guard (try? fileSystem.status(root + "/" + Self.folder))??.kind == .directory else { return nil }
        let dailyPath = root + "/" + Self.folder + "/daily-notes.json"
        if let daily = read("daily-notes.json", root: root, fileSystem: fileSystem) {
            dailyNotes = readDailyNotes(daily)
        } else if fileSystem.exists(dailyPath) {
            // Obsidian reads a settings file it cannot use as its defaults: the top folder.
            dailyNotes = DailyNotes()
        }
        if let templates = read("templates.json", root: root, fileSystem: fileSystem) {
            templateFolder = templates["folder"]?.stringValue.flatMap { folder($0, key: "folder", in: "templates.json", instead: "it is not used") }
                .flatMap { $0.isEmpty ? nil : $0 }
        }
        // Not a problem of Obsidian's: a file Tasks cannot use is said where a task is changed.
        (tasksPlugin, tasksPluginWarning) = TasksPluginSettings.read(Self.file(Vault.tasksPluginFile, root: root, fileSystem: fileSystem))
        if let app = read("app.json", root: root, fileSystem: fileSystem), app["newFileLocation"]?.stringValue == "folder" {
            newFileFolder = folder(
                app["newFileFolderPath"]?.stringValue ?? "", key: "newFileFolderPath", in: "app.json", instead: "new pages go to pages/")
        }
    }

    private mutating func readDailyNotes(_ settings: JSONValue) -> DailyNotes {
        var daily = DailyNotes()
        if let value = settings["folder"]?.stringValue { daily.folder = folder(
                value, key: "folder", in: "daily-notes.json", instead: "the vault's top folder is used, as Obsidian does") ?? "" }
        if let value = settings["format"]?.stringValue, !value.trimmed().isEmpty {
            if Self.isReadable(value) {
                daily.format = value
            } else {
                problems.append(
                    "\(Self.folder)/daily-notes.json: the format \"\(value)\" does not name one day in a way vault can read back; \"\(Self.defaultDailyFormat)\" is used")
            }
        }
        if let value = settings["template"]?.stringValue {
            let trimmed = Self.trimmedPath(value)
            daily.template = trimmed.isEmpty ? nil : trimmed
        }
        return daily
    }

    /// True when a daily note format names each day by a path vault can read back: every
    /// day reads back as itself, and no part of the path is empty, hidden or `..`.
    static func isReadable(_ pattern: String) -> Bool {
        let format = MomentDateFormat(pattern)
        guard format.readsBackDays else { return false }
        let written = format.format(MomentDateFormat.Moment(day: CalendarDay(year: 2026, month: 11, day: 30)!))
        return !written.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0.hasPrefix(".") }
    }

    /// A folder setting as a vault-relative path; nil, with the reason in `problems`, when it
    /// leads out of the vault or into a hidden folder.
    private mutating func folder(_ value: String, key: String, in file: String, instead: String) -> String? {
        let trimmed = Self.trimmedPath(value)
        let parts = trimmed.split(separator: "/").filter { $0 != "." }
        if parts.contains(where: { $0.hasPrefix(".") }) {
            problems.append("\(Self.folder)/\(file): \(key) \"\(value)\" is not a folder inside the vault; \(instead)")
            return nil
        }
        return parts.joined(separator: "/")
    }

    /// A path as Obsidian's settings write it, without the slashes and spaces around it.
    private static func trimmedPath(_ value: String) -> String {
        String(value.drop { $0 == "/" || $0 == " " }.reversed().drop { $0 == "/" || $0 == " " }.reversed())
    }

    /// The JSON object of one settings file; nil when the file is absent, or (with the reason
    /// in `problems`) when it cannot be read or holds no object.
    private mutating func read(_ name: String, root: String, fileSystem: any FileSystem) -> JSONValue? {
        switch Self.file(name, root: root, fileSystem: fileSystem) {
        case .absent: return nil
        case .object(let value): return value
        case .unusable(let reason):
            problems.append("\(Self.folder)/\(name) \(reason); Obsidian's defaults are used")
            return nil
        }
    }

    /// What a settings file of `.obsidian/` holds.
    enum File {
        case absent
        case object(JSONValue)
        /// Why it cannot be used: it cannot be read, does not parse, or holds no object.
        case unusable(String)
    }

    /// The settings file `name` of `.obsidian/` under `root` (a plugin's too, as
    /// `plugins/<id>/data.json`): the one reader of Obsidian's settings files.
    static func file(_ name: String, root: String, fileSystem: any FileSystem) -> File {
        let path = root + "/" + folder + "/" + name
        guard (try? fileSystem.status(path))??.kind == .file else { return .absent }
        do {
            let value = try JSONValue.parse(try fileSystem.readFile(path))
            guard case .object = value else { return .unusable("holds no object of settings") }
            return .object(value)
        } catch let error as SystemError {
            return .unusable("could not be read (\(error.reason))")
        } catch {
            return .unusable("does not parse (\(error))")
        }
    }
}
