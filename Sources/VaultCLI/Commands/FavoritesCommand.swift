import VaultKit
import VaultSystem

/// `vault favorites list|add NOTE|remove NOTE`: the notes pinned in ZenNotes' sidebar.
enum FavoritesCommand: Command {
    static let name = "favorites"
    static let summary = "list the favorite notes, or add or remove one (kept in .zennotes/vault.json)"
    static let usage = "[list|add|remove] [NOTE]"
    static let discussion = """
        Favorites are kept as ZenNotes keeps them: `favorites` in .zennotes/vault.json, a list
        of note paths in the order they were added; every other setting is kept as it is.
        `list` (the default) prints each favorite's path and title, and exits 1 when there
        is none; a favorite whose note is gone is listed as missing. `add` of a favorite
        says so and exits 0; `remove` of a note that is not one exits 1. A favorite whose
        note is gone is removed by its path.
        """
    static let dryRun = CommonOptions.dryRun.withHelp("print the change to vault.json as a diff, write nothing")
    static let options: [any DeclaredOption] = [dryRun]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let action = arguments.positional() ?? "list"
        switch action {
        case "list":
            try arguments.finish()
            return try list(context)
        case "add", "remove":
            let name = try arguments.required("NOTE")
            try arguments.finish()
            return try change(adding: action == "add", name, dryRun: arguments[dryRun], context)
        default:
            throw UsageError("unknown favorites action \"\(action)\": choose list, add or remove")
        }
    }

    private static func list(_ context: Context) throws -> Int32 {
        let vault = try context.vault()
        let favorites = try Favorites(vault: vault).list().map { path in
            Favorite(path: path, title: try? vault.note(named: path).title)
        }
        if context.json {
            try context.emit(favorites)
        } else {
            context.columns(favorites.map { [$0.path, $0.title ?? context.dim("(missing)")] })
        }
        return favorites.isEmpty ? 1 : 0
    }

    private static func change(adding: Bool, _ name: String, dryRun: Bool, _ context: Context) throws -> Int32 {
        let vault = try context.vault()
        let favorites = Favorites(vault: vault)
        // A favorite is removed by its path even when its note is gone.
        let path = try (adding ? nil : favorites.favorite(named: name)) ?? context.note(named: name, in: vault).path
        let change = adding ? try favorites.add(path, dryRun: dryRun) : try favorites.remove(path, dryRun: dryRun)
        if context.json {
            try context.emit(Changed(path: path, favorite: adding, changed: change != nil, applied: change != nil && !dryRun))
        } else if change == nil {
            context.warn("\(path) is already a favorite")
        } else if dryRun {
            context.raw(change!.diff)
        } else if !context.quiet {
            context.line((adding ? "added " : "removed ") + path)
        }
        return 0
    }

    /// A favorite as `list --json` prints it: its path, and its title when the note exists.
    struct Favorite: Encodable {
        let path: String
        let title: String?
        var exists: Bool { title != nil }

        enum CodingKeys: String, CodingKey { case path, title, exists }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(title, forKey: .title)
            try container.encode(exists, forKey: .exists)
        }
    }

    /// What `add --json` and `remove --json` print.
    struct Changed: Encodable {
        let path: String
        let favorite: Bool
        let changed: Bool
        let applied: Bool
    }
}
