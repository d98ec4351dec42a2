import FoundationEssentials
import VaultMarkdown

/// A template's text, filled in as Obsidian's Templates and Daily notes plugins and Logseq
/// fill theirs.
///
/// Obsidian's placeholders: `{{title}}`; `{{date}}` and `{{date:FORMAT}}` (the note's day,
/// with moment tokens, see `MomentDateFormat`); `{{time}}` and `{{time:FORMAT}}` (the clock
/// now); `{{yesterday}}` and `{{tomorrow}}` (the day before and after the note's day,
/// `{{yesterday:FORMAT}}` too). Logseq's: `<% today %>`, `<% yesterday %>`, `<% tomorrow %>`
/// (links to those journal pages, named in the graph's journal title format, counted from
/// today), `<% time %>` and `<% current page %>` (a link to the note). Names are read without
/// regard to case or spaces around them; anything else in braces (`{{embed …}}`, a query) is
/// left as it is.
public struct NoteTemplate: Sendable {
    /// What a template is filled with.
    public struct Context: Sendable {
        /// The new note's title.
        public var title: String
        /// The day the note is for: a journal's day, else today.
        public var day: CalendarDay
        /// The moment the note is made, on the person's clock.
        public var now: MomentDateFormat.Moment
        /// How journal pages are named, for Logseq's day links.
        public var journalTitle: LogseqDateFormat
        /// The name of a day's journal, for a journal's template: what `{{date}}`,
        /// `{{yesterday}}` and `{{tomorrow}}` give without a format of their own, so that
        /// `[[{{yesterday}}]]` names the journal before it. Nil elsewhere (`YYYY-MM-DD`).
        public var journalName: (@Sendable (CalendarDay) -> String)?

        public init(
            title: String, day: CalendarDay, now: MomentDateFormat.Moment, journalTitle: LogseqDateFormat = .defaultTitle,
            journalName: (@Sendable (CalendarDay) -> String)? = nil
        ) {
            self.title = title
            self.day = day
            self.now = now
            self.journalTitle = journalTitle
            self.journalName = journalName
        }
    }

    /// The most characters a placeholder spans, its braces included.
    static let longestPlaceholder = 200

    /// The template's text as written.
    public let text: String

    public init(text: String) {
        self.text = text
    }

    /// The text with every placeholder it knows replaced.
    public func filled(_ context: Context) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "<" }) {
            result += rest[..<open]
            rest = rest[open...]
            let (opener, closer) = rest.first == "{" ? ("{{", "}}") : ("<%", "%>")
            // A placeholder is short: its end is looked for nearby, so a long text with many
            // unclosed braces costs its length, not its length squared.
            guard rest.hasPrefix(opener), let close = rest.prefix(Self.longestPlaceholder).firstRange(of: closer),
                let value = Self.value(of: rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound], logseq: opener == "<%", context)
            else {
                result.append(rest.removeFirst())
                continue
            }
            result += value
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// What one placeholder becomes; nil when it is not one this knows.
    private static func value(of inner: Substring, logseq: Bool, _ context: Context) -> String? {
        // By bytes: a CRLF line break is one character, which a search for "\n" misses.
        guard !inner.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        if logseq {
            let today = context.now.day
            switch inner.trimmingSpaces().lowercased() {
            case "today": return "[[" + context.journalTitle.format(today) + "]]"
            case "yesterday": return "[[" + context.journalTitle.format(today.adding(days: -1)) + "]]"
            case "tomorrow": return "[[" + context.journalTitle.format(today.adding(days: 1)) + "]]"
            case "time": return MomentDateFormat("HH:mm").format(context.now)
            case "current page": return "[[" + context.title + "]]"
            default: return nil
            }
        }
        let colon = inner.firstIndex(of: ":")
        let name = inner[..<(colon ?? inner.endIndex)].trimmingSpaces().lowercased()
        let format = colon.map { String(inner[inner.index(after: $0)...]).trimmingSpaces() }
        func on(_ day: CalendarDay, _ fallback: String) -> String {
            var moment = context.now
            moment.day = day
            return MomentDateFormat(format.flatMap { $0.isEmpty ? nil : $0 } ?? fallback).format(moment)
        }
        // A day without a format of its own: in a journal's template, as its journal is named.
        func named(_ day: CalendarDay) -> String {
            if format?.isEmpty ?? true, let journalName = context.journalName { return journalName(day) }
            return on(day, "YYYY-MM-DD")
        }
        switch name {
        case "title": return format == nil ? context.title : nil
        case "date": return named(context.day)
        case "time": return on(context.now.day, "HH:mm")
        case "yesterday": return named(context.day.adding(days: -1))
        case "tomorrow": return named(context.day.adding(days: 1))
        default: return nil
        }
    }
}
