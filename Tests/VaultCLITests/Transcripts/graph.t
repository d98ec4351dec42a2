@fixture demo
# The link graph: notes, resolved links with their kind, dangling targets, as JSON.
$ vault graph
> {
>   "dangling": [
>     {
>       "kind": "wikilink",
>       "line": 3,
>       "source": "journals/2026-11-18.md",
>       "target": "Gym Plan",
>       "text": "[[Gym Plan]]"
>     },
>     {
>       "kind": "wikilink",
>       "line": 8,
>       "source": "journals/2026-11-27.md",
>       "target": "Tax return 2026",
>       "text": "[[Tax return 2026]]"
>     },
>     {
>       "kind": "wikilink",
>       "line": 20,
>       "source": "pages/Errands.md",
>       "target": "Tax return 2026",
>       "text": "[[Tax return 2026]]"
>     },
>     {
>       "kind": "wikilink",
>       "line": 19,
>       "source": "pages/京都旅行.md",
>       "target": "Kyoto hotels",
>       "text": "[[Kyoto hotels]]"
>     }
>   ],
>   "edges": [
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 5,
>       "source": "Home.md",
>       "target": "pages/Meetings/Sync design review.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 5,
>       "source": "Home.md",
>       "target": "pages/Projects/Roadmap.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 5,
>       "source": "Home.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 6,
>       "source": "Home.md",
>       "target": "pages/People/Ana Pereira.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 6,
>       "source": "Home.md",
>       "target": "pages/People/Tom Becker.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 7,
>       "source": "Home.md",
>       "target": "pages/Reading List.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 7,
>       "source": "Home.md",
>       "target": "pages/Reading/Thinking in Systems.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "Home.md",
>       "target": "pages/Budget (50% draft).md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "Home.md",
>       "target": "pages/Errands.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "Home.md",
>       "target": "pages/Recipes/Lentil soup.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "Home.md",
>       "target": "pages/京都旅行.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 10,
>       "source": "Home.md",
>       "target": "inbox/Ideas.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 3,
>       "source": "inbox/Call notes.md",
>       "target": "pages/People/Ana Pereira.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "inbox/Call notes.md",
>       "target": "inbox/Ideas.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 5,
>       "source": "inbox/Ideas.md",
>       "target": "pages/Ideas.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 9,
>       "source": "inbox/Local-first software.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 4,
>       "source": "journals/2026-11-17.md",
>       "target": "pages/People/Ana Pereira.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 10,
>       "source": "journals/2026-11-17.md",
>       "target": "quick/example.org.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 11,
>       "source": "journals/2026-11-17.md",
>       "target": "pages/Reading/Piranesi.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 5,
>       "source": "journals/2026-11-18.md",
>       "target": "pages/Meetings/Sync design review.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 6,
>       "source": "journals/2026-11-18.md",
>       "target": "pages/Reading/Thinking in Systems.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 3,
>       "source": "journals/2026-11-20.md",
>       "target": "pages/Meetings/Sync design review.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 4,
>       "source": "journals/2026-11-20.md",
>       "target": "pages/Ideas.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 11,
>       "source": "journals/2026-11-20.md",
>       "target": "pages/Café Olé.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 3,
>       "source": "journals/2026-11-23.md",
>       "target": "pages/Café Olé.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 4,
>       "source": "journals/2026-11-23.md",
>       "target": "pages/Reading List.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 9,
>       "source": "journals/2026-11-23.md",
>       "target": "pages/Gift ideas.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 3,
>       "source": "journals/2026-11-24.md",
>       "target": "pages/Projects/Roadmap.md"
>     },
>     {
>       "embed": false,
>       "kind": "markdown",
>       "line": 4,
>       "source": "journals/2026-11-24.md",
>       "target": "pages/Errands.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 7,
>       "source": "journals/2026-11-24.md",
>       "target": "pages/People/Tom Becker.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 5,
>       "source": "journals/2026-11-25.md",
>       "target": "pages/Reading List.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 6,
>       "source": "journals/2026-11-25.md",
>       "target": "Home.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 7,
>       "source": "journals/2026-11-25.md",
>       "target": "inbox/Ideas.md"
>     },
>     {
>       "embed": true,
>       "kind": "wikilink",
>       "line": 5,
>       "source": "journals/2026-11-27.md",
>       "target": "pages/Templates/Weekly Review Template.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 9,
>       "source": "journals/2026-11-27.md",
>       "target": "inbox/Call notes.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 7,
>       "source": "journals/2026-11-30.md",
>       "target": "pages/Reading/Piranesi.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "journals/2026-11-30.md",
>       "target": "inbox/Local-first software.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 9,
>       "source": "journals/2026-11-30.md",
>       "target": "pages/Reading List.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 1,
>       "source": "journals/2026_11_16.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 6,
>       "source": "journals/2026_11_16.md",
>       "target": "pages/Café Olé.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 6,
>       "source": "journals/2026_11_16.md",
>       "target": "pages/People/Tom Becker.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "pages/BOM Note.md",
>       "target": "pages/Recipes/Lentil soup.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 9,
>       "source": "pages/Café Olé.md",
>       "target": "pages/People/Tom Becker.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 9,
>       "source": "pages/Café Olé.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 9,
>       "source": "pages/Errands.md",
>       "target": "pages/Recipes/Lentil soup.md"
>     },
>     {
>       "embed": false,
>       "kind": "markdown",
>       "line": 19,
>       "source": "pages/Errands.md",
>       "target": "pages/Budget (50% draft).md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 10,
>       "source": "pages/Gift ideas.md",
>       "target": "pages/Café Olé.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "pages/Ideas.md",
>       "target": "pages/Evicted Idea.md"
>     },
>     {
>       "embed": false,
>       "kind": "markdown",
>       "line": 9,
>       "source": "pages/Ideas.md",
>       "target": "pages/Errands.md"
>     },
>     {
>       "embed": false,
>       "kind": "markdown",
>       "line": 9,
>       "source": "pages/Ideas.md",
>       "target": "pages/Reading List.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 13,
>       "source": "pages/Ideas.md",
>       "target": "pages/京都旅行.md"
>     },
>     {
>       "embed": false,
>       "kind": "frontmatter",
>       "line": 5,
>       "source": "pages/Meetings/Sync design review.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 12,
>       "source": "pages/Meetings/Sync design review.md",
>       "target": "pages/People/Ana Pereira.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 12,
>       "source": "pages/Meetings/Sync design review.md",
>       "target": "pages/People/Tom Becker.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 17,
>       "source": "pages/Meetings/Sync design review.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 23,
>       "source": "pages/People/Ana Pereira.md",
>       "target": "pages/Gift ideas.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 24,
>       "source": "pages/People/Ana Pereira.md",
>       "target": "pages/Reading/Piranesi.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 24,
>       "source": "pages/People/Ana Pereira.md",
>       "target": "pages/Reading/Thinking in Systems.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 3,
>       "source": "pages/People/Tom Becker.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 6,
>       "source": "pages/People/Tom Becker.md",
>       "target": "inbox/Call notes.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 3,
>       "source": "pages/Projects/Roadmap.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 17,
>       "source": "pages/Projects/Roadmap.md",
>       "target": "pages/Ideas.md"
>     },
>     {
>       "embed": true,
>       "kind": "wikilink",
>       "line": 13,
>       "source": "pages/Projects/Vault CLI.md",
>       "target": "assets/diagram.png"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 24,
>       "source": "pages/Projects/Vault CLI.md",
>       "target": "pages/People/Ana Pereira.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 37,
>       "source": "pages/Projects/Vault CLI.md",
>       "target": "pages/Projects/Roadmap.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 44,
>       "source": "pages/Projects/Vault CLI.md",
>       "target": "pages/Meetings/Sync design review.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 45,
>       "source": "pages/Projects/Vault CLI.md",
>       "target": "pages/Projects/Roadmap.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 46,
>       "source": "pages/Projects/Vault CLI.md",
>       "target": "pages/Reading/Thinking in Systems.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "pages/Reading List.md",
>       "target": "pages/People/Ana Pereira.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "pages/Reading List.md",
>       "target": "pages/Reading/Piranesi.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 9,
>       "source": "pages/Reading List.md",
>       "target": "pages/Reading/Thinking in Systems.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 15,
>       "source": "pages/Reading List.md",
>       "target": "pages/Reading/Thinking in Systems.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 17,
>       "source": "pages/Reading List.md",
>       "target": "pages/Reading/Piranesi.md"
>     },
>     {
>       "embed": false,
>       "kind": "markdown",
>       "line": 19,
>       "source": "pages/Reading List.md",
>       "target": "pages/People/Ana Pereira.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 27,
>       "source": "pages/Reading List.md",
>       "target": "archive/pages/Reading/Books of 2025.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "pages/Reading/Piranesi.md",
>       "target": "pages/People/Ana Pereira.md"
>     },
>     {
>       "embed": false,
>       "kind": "markdown",
>       "line": 13,
>       "source": "pages/Reading/Piranesi.md",
>       "target": "pages/Reading/Thinking in Systems.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 10,
>       "source": "pages/Reading/Thinking in Systems.md",
>       "target": "pages/Reading List.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 24,
>       "source": "pages/Reading/Thinking in Systems.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 28,
>       "source": "pages/Reading/Thinking in Systems.md",
>       "target": "pages/People/Tom Becker.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 27,
>       "source": "pages/Recipes/Lentil soup.md",
>       "target": "pages/Café Olé.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 27,
>       "source": "pages/Recipes/Lentil soup.md",
>       "target": "pages/Errands.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 9,
>       "source": "pages/Templates/Weekly Review Template.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 10,
>       "source": "pages/Templates/Weekly Review Template.md",
>       "target": "pages/Ideas.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 8,
>       "source": "pages/Windows Note.md",
>       "target": "pages/Reading List.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 12,
>       "source": "pages/Windows Note.md",
>       "target": "pages/Projects/Vault CLI.md"
>     },
>     {
>       "embed": false,
>       "kind": "wikilink",
>       "line": 4,
>       "source": "quick/Sync retry bug.md",
>       "target": "pages/Meetings/Sync design review.md"
>     }
>   ],
>   "notes": [
>     {
>       "path": "Home.md",
>       "title": "Home"
>     },
>     {
>       "path": "archive/pages/Projects/Roadmap.md",
>       "title": "Roadmap (2025)"
>     },
>     {
>       "path": "archive/pages/Reading/Books of 2025.md",
>       "title": "Books of 2025"
>     },
>     {
>       "path": "inbox/Call notes.md",
>       "title": "Call notes"
>     },
>     {
>       "path": "inbox/Ideas.md",
>       "title": "Ideas"
>     },
>     {
>       "path": "inbox/Local-first software.md",
>       "title": "Local-first software"
>     },
>     {
>       "path": "journals/2026-11-17.md",
>       "title": "Tuesday 17 November"
>     },
>     {
>       "path": "journals/2026-11-18.md",
>       "title": "2026-11-18"
>     },
>     {
>       "path": "journals/2026-11-20.md",
>       "title": "Friday 20 November"
>     },
>     {
>       "path": "journals/2026-11-23.md",
>       "title": "2026-11-23"
>     },
>     {
>       "path": "journals/2026-11-24.md",
>       "title": "2026-11-24"
>     },
>     {
>       "path": "journals/2026-11-25.md",
>       "title": "Wednesday"
>     },
>     {
>       "path": "journals/2026-11-27.md",
>       "title": "Friday 27 November"
>     },
>     {
>       "path": "journals/2026-11-30.md",
>       "title": "Monday 30 November"
>     },
>     {
>       "path": "journals/2026_11_16.md",
>       "title": "2026_11_16"
>     },
>     {
>       "path": "pages/BOM Note.md",
>       "title": "Notes from the old PC"
>     },
>     {
>       "path": "pages/Budget (50% draft).md",
>       "title": "Budget (50% draft)"
>     },
>     {
>       "path": "pages/Café Olé.md",
>       "title": "Café Olé"
>     },
>     {
>       "path": "pages/Errands.md",
>       "title": "Errands"
>     },
>     {
>       "path": "pages/Evicted Idea.md",
>       "title": "Evicted Idea"
>     },
>     {
>       "path": "pages/Gift ideas.md",
>       "title": "Gift ideas for Ana's birthday"
>     },
>     {
>       "path": "pages/Ideas.md",
>       "title": "Ideas"
>     },
>     {
>       "path": "pages/Meetings/Sync design review.md",
>       "title": "Sync design review, 19 Nov"
>     },
>     {
>       "path": "pages/People/Ana Pereira.md",
>       "title": "Ana Pereira"
>     },
>     {
>       "path": "pages/People/Tom Becker.md",
>       "title": "Tom Becker"
>     },
>     {
>       "path": "pages/Projects/Roadmap.md",
>       "title": "Roadmap"
>     },
>     {
>       "path": "pages/Projects/Vault CLI.md",
>       "title": "Vault CLI"
>     },
>     {
>       "path": "pages/Reading List.md",
>       "title": "Reading List"
>     },
>     {
>       "path": "pages/Reading/Piranesi.md",
>       "title": "Piranesi"
>     },
>     {
>       "path": "pages/Reading/Thinking in Systems.md",
>       "title": "Thinking in Systems: A Primer"
>     },
>     {
>       "path": "pages/Recipes/Lentil soup.md",
>       "title": "Lentil soup"
>     },
>     {
>       "path": "pages/Shell snippets.md",
>       "title": "Shell snippets"
>     },
>     {
>       "path": "pages/Templates/Weekly Review Template.md",
>       "title": "Weekly review"
>     },
>     {
>       "path": "pages/Windows Note.md",
>       "title": "Work laptop (Windows)"
>     },
>     {
>       "path": "pages/京都旅行.md",
>       "title": "京都旅行"
>     },
>     {
>       "path": "quick/Buy stamps.md",
>       "title": "Buy stamps"
>     },
>     {
>       "path": "quick/Podcast rec.md",
>       "title": "Podcast rec"
>     },
>     {
>       "path": "quick/Sync retry bug.md",
>       "title": "Retry loop after a conflict"
>     },
>     {
>       "path": "quick/example.org.md",
>       "title": "example.org"
>     }
>   ],
>   "skipped": [
>     {
>       "message": "not downloaded, so its links are not known yet",
>       "path": "pages/Evicted Idea.md"
>     }
>   ]
> }
2> vault: warning: pages/Evicted Idea.md: not downloaded, so its links are not known yet
# The same graph for Graphviz.
$ vault graph --format dot
> digraph vault {
>   rankdir=LR;
>   node [shape=box];
>   "Home.md" [label="Home"];
>   "archive/pages/Projects/Roadmap.md" [label="Roadmap (2025)"];
>   "archive/pages/Reading/Books of 2025.md" [label="Books of 2025"];
>   "inbox/Call notes.md" [label="Call notes"];
>   "inbox/Ideas.md" [label="Ideas"];
>   "inbox/Local-first software.md" [label="Local-first software"];
>   "journals/2026-11-17.md" [label="Tuesday 17 November"];
>   "journals/2026-11-18.md" [label="2026-11-18"];
>   "journals/2026-11-20.md" [label="Friday 20 November"];
>   "journals/2026-11-23.md" [label="2026-11-23"];
>   "journals/2026-11-24.md" [label="2026-11-24"];
>   "journals/2026-11-25.md" [label="Wednesday"];
>   "journals/2026-11-27.md" [label="Friday 27 November"];
>   "journals/2026-11-30.md" [label="Monday 30 November"];
>   "journals/2026_11_16.md" [label="2026_11_16"];
>   "pages/BOM Note.md" [label="Notes from the old PC"];
>   "pages/Budget (50% draft).md" [label="Budget (50% draft)"];
>   "pages/Café Olé.md" [label="Café Olé"];
>   "pages/Errands.md" [label="Errands"];
>   "pages/Evicted Idea.md" [label="Evicted Idea"];
>   "pages/Gift ideas.md" [label="Gift ideas for Ana's birthday"];
>   "pages/Ideas.md" [label="Ideas"];
>   "pages/Meetings/Sync design review.md" [label="Sync design review, 19 Nov"];
>   "pages/People/Ana Pereira.md" [label="Ana Pereira"];
>   "pages/People/Tom Becker.md" [label="Tom Becker"];
>   "pages/Projects/Roadmap.md" [label="Roadmap"];
>   "pages/Projects/Vault CLI.md" [label="Vault CLI"];
>   "pages/Reading List.md" [label="Reading List"];
>   "pages/Reading/Piranesi.md" [label="Piranesi"];
>   "pages/Reading/Thinking in Systems.md" [label="Thinking in Systems: A Primer"];
>   "pages/Recipes/Lentil soup.md" [label="Lentil soup"];
>   "pages/Shell snippets.md" [label="Shell snippets"];
>   "pages/Templates/Weekly Review Template.md" [label="Weekly review"];
>   "pages/Windows Note.md" [label="Work laptop (Windows)"];
>   "pages/京都旅行.md" [label="京都旅行"];
>   "quick/Buy stamps.md" [label="Buy stamps"];
>   "quick/Podcast rec.md" [label="Podcast rec"];
>   "quick/Sync retry bug.md" [label="Retry loop after a conflict"];
>   "quick/example.org.md" [label="example.org"];
>   "assets/diagram.png" [shape=ellipse];
>   "/dangling/Gym Plan" [label="Gym Plan", shape=ellipse, style=dashed, color=red];
>   "/dangling/Kyoto hotels" [label="Kyoto hotels", shape=ellipse, style=dashed, color=red];
>   "/dangling/Tax return 2026" [label="Tax return 2026", shape=ellipse, style=dashed, color=red];
>   "Home.md" -> "pages/Meetings/Sync design review.md" [class="wikilink"];
>   "Home.md" -> "pages/Projects/Roadmap.md" [class="wikilink"];
>   "Home.md" -> "pages/Projects/Vault CLI.md" [class="wikilink"];
>   "Home.md" -> "pages/People/Ana Pereira.md" [class="wikilink"];
>   "Home.md" -> "pages/People/Tom Becker.md" [class="wikilink"];
>   "Home.md" -> "pages/Reading List.md" [class="wikilink"];
>   "Home.md" -> "pages/Reading/Thinking in Systems.md" [class="wikilink"];
>   "Home.md" -> "pages/Budget (50% draft).md" [class="wikilink"];
>   "Home.md" -> "pages/Errands.md" [class="wikilink"];
>   "Home.md" -> "pages/Recipes/Lentil soup.md" [class="wikilink"];
>   "Home.md" -> "pages/京都旅行.md" [class="wikilink"];
>   "Home.md" -> "inbox/Ideas.md" [class="wikilink"];
>   "inbox/Call notes.md" -> "pages/People/Ana Pereira.md" [class="wikilink"];
>   "inbox/Call notes.md" -> "inbox/Ideas.md" [class="wikilink"];
>   "inbox/Ideas.md" -> "pages/Ideas.md" [class="wikilink"];
>   "inbox/Local-first software.md" -> "pages/Projects/Vault CLI.md" [class="wikilink"];
>   "journals/2026-11-17.md" -> "pages/People/Ana Pereira.md" [class="wikilink"];
>   "journals/2026-11-17.md" -> "quick/example.org.md" [class="wikilink"];
>   "journals/2026-11-17.md" -> "pages/Reading/Piranesi.md" [class="wikilink"];
>   "journals/2026-11-18.md" -> "pages/Meetings/Sync design review.md" [class="wikilink"];
>   "journals/2026-11-18.md" -> "pages/Reading/Thinking in Systems.md" [class="wikilink"];
>   "journals/2026-11-20.md" -> "pages/Meetings/Sync design review.md" [class="wikilink"];
>   "journals/2026-11-20.md" -> "pages/Ideas.md" [class="wikilink"];
>   "journals/2026-11-20.md" -> "pages/Café Olé.md" [class="wikilink"];
>   "journals/2026-11-23.md" -> "pages/Café Olé.md" [class="wikilink"];
>   "journals/2026-11-23.md" -> "pages/Reading List.md" [class="wikilink"];
>   "journals/2026-11-23.md" -> "pages/Gift ideas.md" [class="wikilink"];
>   "journals/2026-11-24.md" -> "pages/Projects/Roadmap.md" [class="wikilink"];
>   "journals/2026-11-24.md" -> "pages/Errands.md" [class="markdown"];
>   "journals/2026-11-24.md" -> "pages/People/Tom Becker.md" [class="wikilink"];
>   "journals/2026-11-25.md" -> "pages/Reading List.md" [class="wikilink"];
>   "journals/2026-11-25.md" -> "Home.md" [class="wikilink"];
>   "journals/2026-11-25.md" -> "inbox/Ideas.md" [class="wikilink"];
>   "journals/2026-11-27.md" -> "pages/Templates/Weekly Review Template.md" [class="wikilink", style=dashed];
>   "journals/2026-11-27.md" -> "inbox/Call notes.md" [class="wikilink"];
>   "journals/2026-11-30.md" -> "pages/Reading/Piranesi.md" [class="wikilink"];
>   "journals/2026-11-30.md" -> "inbox/Local-first software.md" [class="wikilink"];
>   "journals/2026-11-30.md" -> "pages/Reading List.md" [class="wikilink"];
>   "journals/2026_11_16.md" -> "pages/Projects/Vault CLI.md" [class="wikilink"];
>   "journals/2026_11_16.md" -> "pages/Café Olé.md" [class="wikilink"];
>   "journals/2026_11_16.md" -> "pages/People/Tom Becker.md" [class="wikilink"];
>   "pages/BOM Note.md" -> "pages/Recipes/Lentil soup.md" [class="wikilink"];
>   "pages/Café Olé.md" -> "pages/People/Tom Becker.md" [class="wikilink"];
>   "pages/Café Olé.md" -> "pages/Projects/Vault CLI.md" [class="wikilink"];
>   "pages/Errands.md" -> "pages/Recipes/Lentil soup.md" [class="wikilink"];
>   "pages/Errands.md" -> "pages/Budget (50% draft).md" [class="markdown"];
>   "pages/Gift ideas.md" -> "pages/Café Olé.md" [class="wikilink"];
>   "pages/Ideas.md" -> "pages/Evicted Idea.md" [class="wikilink"];
>   "pages/Ideas.md" -> "pages/Errands.md" [class="markdown"];
>   "pages/Ideas.md" -> "pages/Reading List.md" [class="markdown"];
>   "pages/Ideas.md" -> "pages/京都旅行.md" [class="wikilink"];
>   "pages/Meetings/Sync design review.md" -> "pages/Projects/Vault CLI.md" [class="frontmatter"];
>   "pages/Meetings/Sync design review.md" -> "pages/People/Ana Pereira.md" [class="wikilink"];
>   "pages/Meetings/Sync design review.md" -> "pages/People/Tom Becker.md" [class="wikilink"];
>   "pages/Meetings/Sync design review.md" -> "pages/Projects/Vault CLI.md" [class="wikilink"];
>   "pages/People/Ana Pereira.md" -> "pages/Gift ideas.md" [class="wikilink"];
>   "pages/People/Ana Pereira.md" -> "pages/Reading/Piranesi.md" [class="wikilink"];
>   "pages/People/Ana Pereira.md" -> "pages/Reading/Thinking in Systems.md" [class="wikilink"];
>   "pages/People/Tom Becker.md" -> "pages/Projects/Vault CLI.md" [class="wikilink"];
>   "pages/People/Tom Becker.md" -> "inbox/Call notes.md" [class="wikilink"];
>   "pages/Projects/Roadmap.md" -> "pages/Projects/Vault CLI.md" [class="wikilink"];
>   "pages/Projects/Roadmap.md" -> "pages/Ideas.md" [class="wikilink"];
>   "pages/Projects/Vault CLI.md" -> "assets/diagram.png" [class="wikilink", style=dashed];
>   "pages/Projects/Vault CLI.md" -> "pages/People/Ana Pereira.md" [class="wikilink"];
>   "pages/Projects/Vault CLI.md" -> "pages/Projects/Roadmap.md" [class="wikilink"];
>   "pages/Projects/Vault CLI.md" -> "pages/Meetings/Sync design review.md" [class="wikilink"];
>   "pages/Projects/Vault CLI.md" -> "pages/Reading/Thinking in Systems.md" [class="wikilink"];
>   "pages/Reading List.md" -> "pages/People/Ana Pereira.md" [class="wikilink"];
>   "pages/Reading List.md" -> "pages/Reading/Piranesi.md" [class="wikilink"];
>   "pages/Reading List.md" -> "pages/Reading/Thinking in Systems.md" [class="wikilink"];
>   "pages/Reading List.md" -> "pages/People/Ana Pereira.md" [class="markdown"];
>   "pages/Reading List.md" -> "archive/pages/Reading/Books of 2025.md" [class="wikilink"];
>   "pages/Reading/Piranesi.md" -> "pages/People/Ana Pereira.md" [class="wikilink"];
>   "pages/Reading/Piranesi.md" -> "pages/Reading/Thinking in Systems.md" [class="markdown"];
>   "pages/Reading/Thinking in Systems.md" -> "pages/Reading List.md" [class="wikilink"];
>   "pages/Reading/Thinking in Systems.md" -> "pages/Projects/Vault CLI.md" [class="wikilink"];
>   "pages/Reading/Thinking in Systems.md" -> "pages/People/Tom Becker.md" [class="wikilink"];
>   "pages/Recipes/Lentil soup.md" -> "pages/Café Olé.md" [class="wikilink"];
>   "pages/Recipes/Lentil soup.md" -> "pages/Errands.md" [class="wikilink"];
>   "pages/Templates/Weekly Review Template.md" -> "pages/Projects/Vault CLI.md" [class="wikilink"];
>   "pages/Templates/Weekly Review Template.md" -> "pages/Ideas.md" [class="wikilink"];
>   "pages/Windows Note.md" -> "pages/Reading List.md" [class="wikilink"];
>   "pages/Windows Note.md" -> "pages/Projects/Vault CLI.md" [class="wikilink"];
>   "quick/Sync retry bug.md" -> "pages/Meetings/Sync design review.md" [class="wikilink"];
>   "journals/2026-11-18.md" -> "/dangling/Gym Plan" [color=red];
>   "journals/2026-11-27.md" -> "/dangling/Tax return 2026" [color=red];
>   "pages/Errands.md" -> "/dangling/Tax return 2026" [color=red];
>   "pages/京都旅行.md" -> "/dangling/Kyoto hotels" [color=red];
> }
2> vault: warning: pages/Evicted Idea.md: not downloaded, so its links are not known yet
$ vault graph --format svg
2> vault: error: --format must be one of json, dot, not "svg"
2> Usage: vault graph [options]
2> hint: `vault graph --help` shows every option
? 2
