import FoundationEssentials
import VaultSystem

/// Everything that can go wrong in `VaultKit`, each case saying what and where.
///
/// Messages are written for the person at the terminal: `description` is the sentence after
/// `vault: error:`, `hint` the next step to try.
public enum VaultError: UserError, Equatable, Sendable {
    /// No vault was found from `--vault`, `$VAULT_DIR` or the working directory upwards.
    case noVaultFound(searchedFrom: String)
    /// The current folder's path cannot be had (removed, or unreadable), and a vault was to
    /// be found from it or a relative path read against it.
    case workingDirectoryUnknown
    /// The folder named as the vault does not exist or is not a folder.
    case vaultFolderMissing(path: String)
    /// The vault has no cache: no usable cache folder (the warnings said why).
    case noCache(reason: String)
    /// A folder that holds files stands where the cache keeps one of its files.
    case cacheBlocked(path: String)
    /// A use was recorded, but the usage journal could not be folded into the usage file.
    case usageNotFolded(folder: String, reason: String)
    /// The vault folder exists but cannot be read.
    case vaultUnreadable(path: String, reason: String)
    /// `vault.json` is not a JSON object.
    case settingsNotJSON(path: String, reason: String)
    /// A `systemFolderPaths` value breaks a layout rule: the member's key (empty for the
    /// whole setting), and its value as JSON text.
    case invalidSystemFolder(key: String, value: String, reason: String)
    /// `vault init` found an existing vault.
    case alreadyAVault(path: String)
    /// No note matches the name given.
    case unknownNote(name: String, suggestions: [String])
    /// No template of that name is in the template folders (`available` are the ones there are).
    case unknownTemplate(name: String, folders: [String], available: [String])
    /// Several notes match the name given.
    case ambiguousNote(name: String, candidates: [String])
    /// The note exists only as a sync placeholder that is not downloaded.
    case noteNotDownloaded(path: String)
    /// The path names a file that is no note (an attachment), given where a note is wanted.
    case notANote(path: String)
    /// The note could not be read (permission, I/O error, timeout).
    case noteUnavailable(path: String, reason: String)
    /// A change that rewrites links stopped because these notes cannot be read or rewritten,
    /// so their links cannot be kept right (not downloaded, unreadable, not UTF-8).
    case notesUnavailable(paths: [String])
    /// The path goes through a symbolic link that leads out of the vault (`target`), or to
    /// nothing (nil): refused for reading and writing alike (DESIGN.md 7).
    case leadsOutOfVault(path: String, target: String?)
    /// A folder on the path is a symbolic link to another folder of the vault (`target`,
    /// vault-relative), which `vault` does not go through, as its walk does not.
    case folderLink(path: String, target: String)
    /// A change that rewrites links stopped because these folders cannot be listed, so the
    /// links of the notes in them cannot be kept right.
    case foldersUnreadable(paths: [String])
    /// The name given matches no conflict copy.
    case noConflictCopy(name: String, copies: [String])
    /// A note a sync tool made conflict copies of would go to the trash without them.
    case hasConflictCopies(path: String, copies: [String])
    /// A title no file name can be made from.
    case invalidTitle(title: String, reason: String)
    /// A capture, append or new note was given no text.
    case emptyText(what: String)
    /// The note is not where the command needs it (archiving a note already archived, …).
    case wrongPlace(path: String, reason: String)
    /// A rename or move cannot go where it was asked to.
    case invalidDestination(path: String, reason: String)
    /// A new note cannot go in the folder it was asked to (`new --folder`).
    case invalidNoteFolder(path: String, reason: String)
    /// A change would write a link that, scanned again, is not read as a link to the note it
    /// is meant for: refused before anything is written.
    case linkNotReadBack(note: String, link: String, reason: String)
    /// A multi-file change was interrupted and could not be finished: what was left, and why.
    case unfinishedChange(journal: String, reason: String)
    /// Part of a change was done (said first) before the rest was refused.
    case partlyDone(done: String, problem: String)
    /// A multi-file change stopped after its journal was written: every link still resolves,
    /// and the next run finishes it.
    case changeInterrupted(journal: String, reason: String)
    /// `.zennotes/trash.json` cannot be read or is not a trash record; it is never rewritten.
    case trashRecordUnreadable(path: String, reason: String)
    /// A change to several notes was refused because git is in the middle of a merge, rebase,
    /// cherry-pick or revert in the repository the vault is in: what git is doing, and the
    /// state file that says so.
    case gitOperationInProgress(operation: GitOperation, stateFile: String)
    /// A change that rewrites links stopped because these notes hold merge conflict markers,
    /// so their links cannot be kept right.
    case notesInConflict(paths: [String])
    /// A tag rename stopped because these notes, which may hold the tag, cannot be read or
    /// rewritten (not downloaded, unreadable, not UTF-8).
    case tagsUnavailable(paths: [String])
    /// A tag given on the command line that the tag grammar does not read as one tag.
    case invalidTag(tag: String, reason: String)
    /// No note has the tag; `inCode` are the notes where `#tag` is written only inside code,
    /// comments or links, where it is no tag.
    case tagNotFound(tag: String, inCode: [String])
    /// `favorites remove` of a note that is not a favorite.
    case notAFavorite(path: String, favorites: [String])
    /// No comment of the note has the id given.
    case unknownComment(note: String, id: String, known: [String])
    /// A comments sidecar that is not the JSON it should be.
    case sidecarNotJSON(path: String, reason: String)

    /// True for `usageNotFolded`: the use it was about is kept.
    public var isUsageNotFolded: Bool {
        if case .usageNotFolded = self { return true }
        return false
    }

    /// The exit code a command ends with when this error stops it (DESIGN.md 9).
    public var exitCode: Int32 {
        switch self {
        case .partlyDone: return 3
        // A vault named where there is none is a mistake on the command line (or in VAULT_DIR).
        case .vaultFolderMissing: return 2
        case .invalidTag: return 2
        // Nothing to write, or a title no name can be made of, is a mistake in how the
        // command was called.
        case .emptyText, .invalidTitle: return 2
        default: return 1
        }
    }
}

extension VaultError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noVaultFound(let from):
            return "no vault found in \(from) or any folder above it"
        case .workingDirectoryUnknown:
            return "cannot tell which folder this is (its path cannot be read); name the vault with --vault and an absolute path"
        case .vaultFolderMissing(let path):
            return "the vault folder \(path) does not exist or is not a folder"
        case .noCache(let reason):
            return "this vault has no cache: " + (reason.isEmpty ? "there is no folder to keep one in" : reason)
        case .cacheBlocked(let path):
            return "cannot clear the cache: \(path) is a folder that holds files, not a file of the cache; remove it yourself"
        case .usageNotFolded(let folder, let reason):
            return "cannot fold the usage journal in \(folder) into usage.json (\(reason)); "
                + "uses are kept in journals beside it, which pile up until one can be folded"
        case .vaultUnreadable(let path, let reason):
            return "cannot read the vault folder \(path): \(reason)"
        case .settingsNotJSON(let path, let reason):
            return "\(path) is not a valid settings file: \(reason)"
        case .invalidSystemFolder(let key, let value, let reason):
            return "systemFolderPaths\(key.isEmpty ? "" : "." + key) = \(value) is not allowed: \(reason)"
        case .alreadyAVault(let path):
            return "\(path) is already a vault"
        case .unknownNote(let name, _):
            return "no note named \"\(name)\""
        case .unknownTemplate(let name, let folders, _):
            return "no template \"\(name)\" in " + folders.map { $0 + "/" }.joined(separator: " or ")
        case .ambiguousNote(let name, let candidates):
            return "\"\(name)\" names \(candidates.count) notes: " + candidates.joined(separator: ", ")
        case .notANote(let path):
            return "\(path) is a file but not a note (notes are .md and .markdown files, and .org in a Logseq graph)"
        case .noteNotDownloaded(let path):
            return "\(path) is not downloaded from the sync service yet"
        case .noteUnavailable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .tagsUnavailable(let paths):
            let listed = paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
            return "tags in \(paths.count) note\(paths.count == 1 ? "" : "s") cannot be read or rewritten (not downloaded, unreadable or not UTF-8): "
                + "\(listed); nothing was changed"
        case .notesUnavailable(let paths):
            let listed = paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
            return "links in \(paths.count) note\(paths.count == 1 ? "" : "s") cannot be checked or rewritten "
                + "(not downloaded, unreadable or not UTF-8): \(listed); nothing was changed"
        case .leadsOutOfVault, .folderLink:
            return problem + "; nothing was read or written"
        case .foldersUnreadable(let paths):
            let listed = paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
            return "\(paths.count == 1 ? "a folder" : "\(paths.count) folders") cannot be read, so links in \(paths.count == 1 ? "its" : "their") "
                + "notes cannot be checked or rewritten: \(listed); nothing was changed"
        case .noConflictCopy(let name, _):
            return "\"\(name)\" names no conflict copy"
        case .hasConflictCopies(let path, let copies):
            return "\(path) has \(copies.count == 1 ? "a conflict copy" : "\(copies.count) conflict copies") a sync tool made "
                + "(\(copies.prefix(3).joined(separator: ", "))\(copies.count > 3 ? ", …" : "")); trashed alone, the note would leave "
                + "\(copies.count == 1 ? "it" : "them") behind as a note or a copy of nothing; nothing was changed"
        case .invalidDestination(let path, let reason):
            return "cannot move to \(path): \(reason)"
        case .invalidNoteFolder(let path, let reason):
            return "cannot make a note in \(path): \(reason)"
        case .linkNotReadBack(let note, let link, let reason):
            return "the change would write \(link) in \(note), and \(reason); nothing was changed"
        case .invalidTitle(let title, let reason):
            return "\"\(title)\" cannot name a note: \(reason)"
        case .emptyText(let what):
            return "nothing to \(what): the text is empty"
        case .wrongPlace(let path, let reason):
            return "\(path) \(reason)"
        case .notAFavorite(let path, _):
            return "\(path) is not a favorite"
        case .unknownComment(let note, let id, _):
            return "\(note) has no comment \(id)"
        case .sidecarNotJSON(let path, let reason):
            return "\(path) is not a comments file vault can read: \(reason)"
        case .unfinishedChange(let journal, let reason):
            return "an interrupted change (\(journal)) could not be finished: \(reason)"
        case .partlyDone(let done, let problem):
            return "\(done), but \(problem)"
        case .changeInterrupted(_, let reason):
            return "the change stopped halfway: \(reason); every link still resolves, and the next vault command finishes it"
        case .trashRecordUnreadable(let path, let reason):
            return "\(path) is not a trash record vault can read: \(reason)"
        case .gitOperationInProgress(let operation, let stateFile):
            return "a git \(operation.rawValue) is in progress in this vault's repository (\(stateFile)); "
                + "a change to several notes now would be mixed into it, so nothing was changed"
        case .invalidTag(let tag, let reason):
            return tag.isEmpty ? "an empty name is not a tag: \(reason)" : "#\(tag) is not a tag: \(reason)"
        case .tagNotFound(let tag, let inCode) where inCode.isEmpty:
            return "no note has \(TagRename.written(tag))"
        case .tagNotFound(let tag, let inCode):
            let listed = inCode.prefix(5).joined(separator: ", ") + (inCode.count > 5 ? " and \(inCode.count - 5) more" : "")
            return "no note has \(TagRename.written(tag)): it appears only inside code, comments or links, where it is no tag (\(listed))"
        case .notesInConflict(let paths):
            let listed = paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
            return "links in \(paths.count) note\(paths.count == 1 ? "" : "s") cannot be rewritten while \(paths.count == 1 ? "it holds" : "they hold") "
                + "merge conflict markers: \(listed); nothing was changed"
        }
    }

    /// What went wrong, without saying what was kept: for a message about a change that had
    /// already written something.
    public var problem: String {
        switch self {
        case .leadsOutOfVault(let path, let target?):
            return "\(path) is a symbolic link that leads out of the vault (to \(target)); vault reads and writes only inside the vault"
        case .leadsOutOfVault(let path, nil):
            return "\(path) is a symbolic link to nothing; vault reads and writes only inside the vault"
        case .folderLink(let path, let target):
            return "\(path) is a symbolic link to \(target), another folder of the vault; vault does not go through folder links"
        default: return description
        }
    }

    /// A next step for the person at the terminal, when there is one.
    public var hint: String? {
        switch self {
        case .noVaultFound:
            return "run `vault init` to make this folder a vault, or pass --vault PATH or set VAULT_DIR"
        case .vaultFolderMissing:
            return "check the path given with --vault or VAULT_DIR"
        case .noCache:
            return "set XDG_CACHE_HOME (or HOME) to a folder outside the vault"
        case .settingsNotJSON, .invalidSystemFolder:
            return "fix .zennotes/vault.json by hand; vault never rewrites a settings file it cannot read"
        case .alreadyAVault:
            return "nothing was changed; use the vault as it is"
        case .unknownNote(_, let suggestions):
            return suggestions.isEmpty ? "`vault list` shows every note" : "did you mean: " + suggestions.joined(separator: ", ")
        case .unknownTemplate(_, let folders, let available):
            return available.isEmpty
                ? "put the template in \(folders.last ?? Vault.ownTemplateFolder)/ as NAME.md"
                : "the templates are: " + available.joined(separator: ", ")
        case .ambiguousNote:
            return "name the note by its path"
        case .notANote:
            return "`vault move` moves it, every link to it followed; the other commands take notes"
        case .noteNotDownloaded:
            return "open the file in the sync app (or Finder) to download it, then try again"
        case .tagsUnavailable:
            return "download them (open a placeholder in Finder or Files), make them readable or save them as UTF-8, then try again; or pass --skip-unavailable to leave their tags as they are"
        case .notesUnavailable:
            return "download them (open a placeholder in Finder or Files), make them readable or save them as UTF-8, then try again; or pass --skip-unavailable to leave their links as they are"
        case .leadsOutOfVault:
            return "put what the link points to inside the vault in place of the link, then try again"
        case .folderLink(_, let target):
            return "name the folder by its own path, \(target)"
        case .foldersUnreadable:
            return "make them readable (chmod u+rx), then try again; or pass --skip-unavailable to leave the links in their notes as they are"
        case .hasConflictCopies(_, let copies):
            return "`vault conflicts --diff` shows what differs; settle each copy, `vault conflicts resolve \(VaultDoctor.quoted(copies[0])) --keep original` "
                + "setting it aside in the trash (or --keep copy|both), then trash the note"
        case .noConflictCopy(_, let copies):
            return copies.isEmpty ? "the vault has no conflict copies" : "`vault conflicts` lists them: " + copies.prefix(5).joined(separator: ", ")
        case .linkNotReadBack:
            return "choose a name without the characters that break the link, or rewrite that link by hand first"
        case .emptyText(let what):
            switch what {
            case "capture": return "give the text as arguments, or pipe it in: echo \"text\" | vault capture"
            case "append", "prepend": return "give the text, or - to read it from standard input"
            default: return "give the text of the \(what)"
            }
        case .unfinishedChange:
            return "`vault doctor` shows what is left; `vault doctor --fix --abandon` gives up on it and keeps every file as it is"
        case .trashRecordUnreadable:
            return "fix it by hand, or remove it: the trash is then aged by the times the files entered it"
        case .gitOperationInProgress(let operation, _):
            return "finish the \(operation.rawValue) first (\(operation.finishCommands)); changes to one note at a time still work"
        case .notesInConflict:
            return "keep one side of each conflict and remove the <<<<<<< ======= >>>>>>> lines (`vault conflicts` shows them), then try again; or pass --skip-unavailable to leave their links as they are"
        case .invalidTag:
            return "a tag is letters, digits, _ - and / (nested tags: a/b), not only digits, or in a Logseq graph #[[words]]; a leading # is optional"
        case .tagNotFound(_, let inCode):
            return inCode.isEmpty ? "`vault tags` lists every tag" : "nothing was changed; code and comments are never rewritten"
        case .changeInterrupted:
            return "fix the cause, then run any vault command (or `vault doctor --fix`)"
        case .notAFavorite(_, let favorites):
            return favorites.isEmpty ? "the vault has no favorites" : "`vault favorites list` shows them: " + favorites.prefix(5).joined(separator: ", ")
        case .unknownComment(let note, _, let known):
            return known.isEmpty ? "\(note) has no comments" : "`vault comments \"\(note)\"` lists them: " + known.prefix(5).joined(separator: ", ")
        case .sidecarNotJSON:
            return "fix it by hand; vault never rewrites a comments file it cannot read"
        default:
            return nil
        }
    }
}
