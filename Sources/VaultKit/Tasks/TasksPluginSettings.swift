import VaultSystem
import VaultMarkdown

/// The settings of the Obsidian Tasks plugin that decide what completing a task writes, read
/// from `.obsidian/plugins/obsidian-tasks-plugin/data.json`; the plugin's defaults when the
/// vault has no such file or a key is missing.
public struct TasksPluginSettings: Sendable, Equatable {
    /// Where the plugin keeps its settings, relative to the vault.
    public static let path = ObsidianSettings.folder + "/" + Vault.tasksPluginFile

    /// True when the vault has the settings file: the vault uses the plugin.
    public var isPresent = false
    /// `setDoneDate`: `✅ YYYY-MM-DD` on a completed task (default on).
    public var setDoneDate = true
    /// `setCreatedDate`: `➕ YYYY-MM-DD` on a next occurrence (default off).
    public var setCreatedDate = false
    /// `recurrenceOnNextLine`: the next occurrence below the completed one (default above).
    public var recurrenceOnNextLine = false
    /// `removeScheduledDateOnRecurrence`: no `⏳` on a next occurrence that has a start or
    /// due date (default off).
    public var removeScheduledDateOnRecurrence = false
    /// `setCancelledDate`: `❌ YYYY-MM-DD` on a cancelled task (default on).
    public var setCancelledDate = true
    /// `taskFormat: "dataview"`: dates written `[completion:: YYYY-MM-DD]`, not `✅ YYYY-MM-DD`.
    public var writesDataview = false
    /// `globalFilter` (`#task`), trimmed: when set, only the checklist items whose text holds
    /// it are tasks (`TaskFilter`); empty for none.
    public var globalFilter = ""
    /// `removeGlobalFilter`: the global filter left out of descriptions.
    public var removeGlobalFilter = false

    /// The dates a change of state writes.
    public enum DateKind: String, Sendable {
        case done = "completion", cancelled, created
    }

    /// A date field of `kind` for `day`, as the vault's format writes it, with the space
    /// before it: ` ✅ 2026-12-01`, or Dataview's `  [completion:: 2026-12-01]`.
    public func dateField(_ kind: DateKind, _ day: CalendarDay) -> String {
        if writesDataview { return "  [\(kind.rawValue):: \(day)]" }
        switch kind {
        case .done: return " ✅ \(day)"
        case .cancelled: return " ❌ \(day)"
        case .created: return " ➕ \(day)"
        }
    }

    public init() {}
}

extension Vault {
    /// The plugin's settings file, within `.obsidian/`.
    static let tasksPluginFile = "plugins/obsidian-tasks-plugin/data.json"

    /// The vault's Tasks settings, and a warning when the file is there but cannot be read as
    /// JSON (the defaults are used then), as the vault was opened with them.
    func tasksPluginSettings() -> (settings: TasksPluginSettings, warning: VaultWarning?) {
        obsidian.map { ($0.tasksPlugin, $0.tasksPluginWarning) } ?? (TasksPluginSettings(), nil)
    }
}

extension TasksPluginSettings {
    /// The settings a Tasks settings file holds, and a warning when it is there but cannot be
    /// read as a JSON object (the defaults are used then).
    static func read(_ file: ObsidianSettings.File) -> (settings: TasksPluginSettings, warning: VaultWarning?) {
        var settings = TasksPluginSettings()
        let json: JSONValue
        switch file {
        case .absent: return (settings, nil)
        case .object(let object): json = object
        case .unusable:
            settings.isPresent = true
            let message = "cannot be read as Obsidian Tasks' settings (not a JSON object); its defaults are used"
            return (settings, VaultWarning(path: TasksPluginSettings.path, message: message))
        }
        settings.isPresent = true
        func flag(_ key: String, _ value: inout Bool) {
            if case .bool(let set) = json[key] { value = set }
        }
        flag("setDoneDate", &settings.setDoneDate)
        flag("setCreatedDate", &settings.setCreatedDate)
        flag("recurrenceOnNextLine", &settings.recurrenceOnNextLine)
        flag("removeScheduledDateOnRecurrence", &settings.removeScheduledDateOnRecurrence)
        flag("setCancelledDate", &settings.setCancelledDate)
        if case .string(let format) = json["taskFormat"] { settings.writesDataview = format == "dataview" }
        flag("removeGlobalFilter", &settings.removeGlobalFilter)
        if case .string(let filter) = json["globalFilter"] { settings.globalFilter = filter.trimmed() }
        return (settings, nil)
    }
}
