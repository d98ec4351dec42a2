/// The vocabulary the generator writes with: written here, so no outside data is needed.
///
/// Lists are arrays, never sets or dictionaries, because their order reaches the output.
enum Words {
    /// Short words that make up about half of real prose.
    static let common: [String] = [
        "the", "the", "the", "a", "a", "an", "and", "and", "of", "of", "to", "to", "in", "in",
        "is", "it", "that", "for", "on", "with", "as", "we", "was", "be", "this", "at", "by",
        "not", "but", "from", "or", "have", "are", "they", "which", "you", "one", "all",
        "there", "so", "if", "about", "when", "more", "some", "can", "will", "no", "into",
        "than", "then", "its", "also", "after", "how", "our", "just", "what", "only", "still",
        "should", "could", "would", "maybe", "because", "again", "each", "other", "before",
    ]

    /// Things notes are about.
    static let nouns: [String] = [
        "project", "plan", "meeting", "budget", "design", "review", "idea", "question", "answer",
        "draft", "release", "customer", "team", "roadmap", "goal", "habit", "book", "chapter",
        "article", "paper", "summary", "reference", "source", "quote", "argument", "theory",
        "model", "system", "process", "workflow", "checklist", "template", "recipe", "garden",
        "trip", "flight", "hotel", "invoice", "contract", "proposal", "estimate", "deadline",
        "milestone", "feature", "bug", "test", "server", "database", "index", "cache", "query",
        "network", "protocol", "interface", "library", "module", "function", "variable",
        "compiler", "parser", "editor", "keyboard", "notebook", "journal", "diary", "memory",
        "attention", "focus", "energy", "sleep", "exercise", "workout", "run", "walk", "coffee",
        "tea", "breakfast", "lunch", "dinner", "weekend", "holiday", "birthday", "gift",
        "family", "friend", "colleague", "manager", "mentor", "student", "teacher", "course",
        "lecture", "exam", "grade", "semester", "thesis", "experiment", "result", "dataset",
        "figure", "table", "chart", "metric", "signal", "pattern", "principle", "framework",
        "strategy", "tactic", "decision", "tradeoff", "risk", "cost", "price", "market",
        "product", "launch", "campaign", "audience", "podcast", "episode", "video", "photo",
        "camera", "lens", "film", "song", "album", "concert", "ticket", "museum", "city",
        "village", "river", "mountain", "forest", "lake", "island", "weather", "season",
        "winter", "spring", "summer", "autumn", "morning", "evening", "night", "week", "month",
        "year", "decade", "history", "future", "story", "character", "scene", "outline",
        "essay", "letter", "email", "message", "call", "agenda", "minutes", "action", "owner",
        "status", "update", "retro", "sprint", "backlog", "ticket", "priority", "estimate",
        "house", "kitchen", "window", "door", "bike", "car", "train", "bus", "station", "map",
        "language", "grammar", "vocabulary", "word", "sentence", "note", "link", "tag", "folder",
        "vault", "archive", "inbox", "sync", "backup", "password", "account", "subscription",
        "health", "doctor", "appointment", "medicine", "insurance", "tax", "bank", "loan",
        "salary", "bonus", "interview", "offer", "resume", "portfolio", "hobby", "game",
        "puzzle", "chess", "guitar", "piano", "painting", "sketch", "poem", "novel", "author",
    ]

    /// Things people do in notes.
    static let verbs: [String] = [
        "write", "read", "review", "plan", "ship", "test", "fix", "build", "call", "email",
        "schedule", "cancel", "move", "finish", "start", "draft", "publish", "measure",
        "compare", "decide", "discuss", "explain", "summarise", "outline", "refactor", "clean",
        "organise", "archive", "book", "pay", "renew", "order", "buy", "return", "visit",
        "meet", "ask", "answer", "remember", "forget", "learn", "practise", "cook", "bake",
        "run", "walk", "sleep", "travel", "pack", "update", "sync", "backup", "check", "merge",
    ]

    /// Qualities.
    static let adjectives: [String] = [
        "new", "old", "good", "better", "best", "small", "large", "quick", "slow", "simple",
        "complex", "important", "urgent", "minor", "major", "early", "late", "weekly", "daily",
        "monthly", "annual", "open", "closed", "final", "rough", "clear", "vague", "strong",
        "weak", "useful", "strange", "careful", "honest", "quiet", "loud", "bright", "dark",
        "warm", "cold", "fresh", "stale", "local", "remote", "shared", "private", "public",
    ]

    /// Words outside ASCII, as people with other languages write them (all NFC).
    static let unicode: [String] = [
        "café", "naïve", "Zürich", "München", "résumé", "façade", "jalapeño", "smörgåsbord",
        "Ångström", "déjà vu", "piñata", "crème brûlée", "Kraków", "São Paulo", "Reykjavík",
        "東京", "日本語", "読書", "会議", "北京", "서울", "한국어", "Москва", "книга", "заметки",
        "Αθήνα", "λόγος", "عربي", "שלום", "हिन्दी", "ğüşöç", "Øresund", "Łódź", "ñandú",
    ]

    /// First names, for people notes and meetings.
    static let firstNames: [String] = [
        "Anna", "Ben", "Chloé", "David", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas",
        "Kofi", "Lena", "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Søren", "Tomás",
        "Uma", "Viktor", "Wen", "Xavier", "Yuki", "Zoë", "Amara", "Björn", "Carmen", "Dmitri",
    ]

    /// Family names.
    static let lastNames: [String] = [
        "Schmidt", "García", "Nakamura", "Okafor", "Larsen", "Kowalski", "Rossi", "Dubois",
        "Müller", "Silva", "Chen", "Patel", "Novák", "Johansson", "Yılmaz", "O'Brien", "Kim",
        "Ivanova", "Haddad", "Fischer", "Moreau", "Tanaka", "Costa", "Nguyen", "Álvarez",
    ]

    /// Code-ish names for projects.
    static let projectNames: [String] = [
        "Falcon", "Juniper", "Atlas", "Harbor", "Lantern", "Meridian", "Nimbus", "Orchid",
        "Pebble", "Quartz", "Saffron", "Tundra", "Umbra", "Vesper", "Willow", "Zephyr",
        "Kestrel", "Cobalt", "Ember", "Solstice",
    ]

    /// Top-level folders of `pages/` in a typical vault.
    static let folders: [String] = [
        "Projects", "Areas", "Resources", "People", "Meetings", "Books", "Ideas", "Recipes",
        "Travel", "Work", "Research", "Zettelkasten", "Référence", "日本語 notes", "Health",
        "Finance", "Learning", "Writing",
    ]

    /// Tags, some nested, some unicode.
    static let tags: [String] = [
        "project", "idea", "todo", "meeting", "book", "reading", "work", "personal", "health",
        "finance", "travel", "recipe", "draft", "review", "someday", "waiting", "area/home",
        "area/work", "project/alpha", "project/beta", "status/active", "status/done", "café",
        "日本語", "learning", "people", "question", "reference",
    ]

    /// Languages of fenced code blocks.
    static let codeLanguages: [String] = ["swift", "python", "sh", "markdown", "json", "js", ""]

    /// Lines of fake code.
    static let codeLines: [String] = [
        "let total = items.reduce(0, +)", "for note in vault.notes { print(note.title) }",
        "def parse(line):", "    return line.strip().split(\"|\")", "grep -rn \"TODO\" .",
        "{ \"name\": \"value\", \"count\": 3 }", "const x = await fetch(url);",
        "if let link = links.first { open(link) }", "echo \"$HOME\"", "x = [i * i for i in range(10)]",
    ]

    /// Sentence endings.
    static let punctuation: [String] = [".", ".", ".", ".", ".", "?", "!", ":", "…"]
}
