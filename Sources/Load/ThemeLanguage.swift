/// A language the built-in theme speaks: its words (`ThemeStrings.Key`) and its
/// month names. Written out here rather than taken from Foundation's formatters,
/// whose output depends on the ICU data of the machine (and differs between
/// Linux and macOS): a build must be byte-identical wherever it runs.
public enum ThemeLanguage: String, Sendable, Hashable, CaseIterable {
    case en, de, fr, es, ja

    /// The language `tag` (`language:` in site.yml) picks by its primary subtag
    /// (`de`, `de-DE`, `de-AT` → German); nil when blogbuild has none for it.
    public init?(tag: String) {
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        self.init(rawValue: primary)
    }

    /// English's name for the language, for messages.
    var name: String {
        switch self {
        case .en: "English"
        case .de: "German"
        case .fr: "French"
        case .es: "Spanish"
        case .ja: "Japanese"
        }
    }

    /// January first; as a date shows them (`{month}`).
    var months: [String] {
        switch self {
        case .en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        case .de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"]
        case .fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"]
        case .es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"]
        // Japanese dates use the month's number (`{month_number}月`); the names are for a `{month}` a site writes.
        case .ja: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"]
        }
    }

    /// Short month names (`{month_short}`), as each language abbreviates them.
    var shortMonths: [String] {
        switch self {
        case .en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        case .de: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."]
        case .fr: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
        case .es: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"]
        case .ja: months
        }
    }

    /// Whether `n` takes the singular (`post_count_one`): French counts 0 as
    /// singular too; Japanese has one form (both keys hold it).
    func isSingular(_ n: Int) -> Bool {
        self == .fr ? n <= 1 : n == 1
    }

    /// Every key's text in this language.
    var strings: [ThemeStrings.Key: String] {
        switch self {
        case .en: Self.english
        case .de: Self.german
        case .fr: Self.french
        case .es: Self.spanish
        case .ja: Self.japanese
        }
    }

    static let english: [ThemeStrings.Key: String] = [
        .skipToContent: "Skip to content", .mainNavigation: "Main", .homePage: "Home page",
        .archive: "Archive", .tags: "Tags", .series: "Series", .apps: "Apps", .app: "App",
        .feedRSS: "RSS", .feedAtom: "Atom", .feedJSON: "JSON Feed", .atomFeed: "Atom feed",
        .updated: "updated", .draft: "Draft", .scheduled: "Scheduled", .contents: "Contents",
        .tagged: "Tagged", .continueReading: "Continue reading", .retired: "Retired", .released: "released",
        .appStore: "App Store", .website: "Website", .sourceCode: "Source code", .screenshots: "Screenshots",
        .seriesParts: "The parts", .allTags: "All tags",
        .followSeries: "Follow this series:", .followTag: "Follow this tag:",
        .seriesLead: "Longer stories, told in parts and best read in order.",
        .noPosts: "No posts yet.", .noSeries: "No series yet.", .noApps: "No apps yet.", .noTags: "No tags yet.",
        .newerPosts: "Newer posts", .olderPosts: "Older posts", .pages: "Pages",
        .pageNotFound: "Page not found",
        .notFoundText: "There is nothing at this address. It may have moved, or it may never have been here at all.",
        .notes: "Notes",
        .privacy: "Privacy Policy", .support: "Support", .relatedPosts: "Related posts",
        .aboutAuthor: "About the author", .elsewhere: "Elsewhere", .email: "Email",
        .search: "Search", .searchLabel: "Search this site", .searchPlaceholder: "Words, names, code",
        .searchButton: "Search", .searchResults: "Results", .searching: "Searching…", .noResults: "No results.",
        .searchNeedsScript: "Searching here needs JavaScript, which is turned off in this browser.",
        .webSearch: "Search this site with DuckDuckGo",
        .minRead: "{n} min read", .partOf: "Part {n} of {total}", .seriesRef: "{part} in {series}",
        .previousPart: "Previous: {title}", .nextPart: "Next: {title}", .seriesNav: "{series}: previous and next part",
        .appIcon: "{app} icon", .postsAbout: "Posts about {app}", .since: "since {year}", .backToApp: "More about {app}",
        .postsTagged: "Posts tagged “{tag}”", .pageOf: "Page {n} of {total}", .archiveLead: "{posts}, newest first.",
        .postCountOne: "{n} post", .postCountOther: "{n} posts", .partCountOne: "{n} part", .partCountOther: "{n} parts",
        .resultCountOne: "{n} result", .resultCountOther: "{n} results",
        .moved: "This page has moved to {title}.",
        .seriesFeed: "Series: {title} – {site}", .tagFeed: "Tag: {tag} – {site}", .appFeed: "App: {app} – {site}",
        .date: "{day} {month} {year}", .dateShort: "{day} {month_short}",
    ]

    static let german: [ThemeStrings.Key: String] = [
        .skipToContent: "Zum Inhalt springen", .mainNavigation: "Hauptmenü", .homePage: "Startseite",
        .archive: "Archiv", .tags: "Schlagwörter", .series: "Serien", .apps: "Apps", .app: "App",
        .feedRSS: "RSS", .feedAtom: "Atom", .feedJSON: "JSON-Feed", .atomFeed: "Atom-Feed",
        .updated: "aktualisiert am", .draft: "Entwurf", .scheduled: "Geplant", .contents: "Inhalt",
        .tagged: "Schlagwörter", .continueReading: "Weiterlesen", .retired: "Eingestellt", .released: "erschienen am",
        .appStore: "App Store", .website: "Website", .sourceCode: "Quellcode", .screenshots: "Bildschirmfotos",
        .seriesParts: "Alle Teile", .allTags: "Alle Schlagwörter",
        .followSeries: "Dieser Serie folgen:", .followTag: "Diesem Schlagwort folgen:",
        .seriesLead: "Längere Geschichten in mehreren Teilen, am besten der Reihe nach zu lesen.",
        .noPosts: "Noch keine Beiträge.", .noSeries: "Noch keine Serien.", .noApps: "Noch keine Apps.",
        .noTags: "Noch keine Schlagwörter.",
        .newerPosts: "Neuere Beiträge", .olderPosts: "Ältere Beiträge", .pages: "Seiten",
        .pageNotFound: "Seite nicht gefunden",
        .notFoundText: "Unter dieser Adresse gibt es nichts. Vielleicht ist die Seite umgezogen, vielleicht gab es sie nie.",
        .notes: "Anmerkungen",
        .privacy: "Datenschutzerklärung", .support: "Support", .relatedPosts: "Ähnliche Beiträge",
        .aboutAuthor: "Über den Autor", .elsewhere: "Anderswo", .email: "E-Mail",
        .search: "Suche", .searchLabel: "Diese Website durchsuchen", .searchPlaceholder: "Wörter, Namen, Code",
        .searchButton: "Suchen", .searchResults: "Treffer", .searching: "Suche läuft …", .noResults: "Keine Treffer.",
        .searchNeedsScript: "Die Suche hier braucht JavaScript, das in diesem Browser ausgeschaltet ist.",
        .webSearch: "Diese Website mit DuckDuckGo durchsuchen",
        .minRead: "{n} Min. Lesezeit", .partOf: "Teil {n} von {total}", .seriesRef: "{part} der Serie {series}",
        .previousPart: "Zurück: {title}", .nextPart: "Weiter: {title}", .seriesNav: "{series}: vorheriger und nächster Teil",
        .appIcon: "Symbol von {app}", .postsAbout: "Beiträge über {app}", .since: "seit {year}", .backToApp: "Mehr über {app}",
        .postsTagged: "Beiträge zum Schlagwort „{tag}“", .pageOf: "Seite {n} von {total}",
        .archiveLead: "{posts}, die neuesten zuerst.",
        .postCountOne: "{n} Beitrag", .postCountOther: "{n} Beiträge", .partCountOne: "{n} Teil", .partCountOther: "{n} Teile",
        .resultCountOne: "{n} Treffer", .resultCountOther: "{n} Treffer",
        .moved: "Diese Seite ist umgezogen: {title}.",
        .seriesFeed: "Serie: {title} – {site}", .tagFeed: "Schlagwort: {tag} – {site}", .appFeed: "App: {app} – {site}",
        .date: "{day}. {month} {year}", .dateShort: "{day}. {month_short}",
    ]

    // French puts a no-break space (U+00A0) before a colon and inside « ».
    static let french: [ThemeStrings.Key: String] = [
        .skipToContent: "Aller au contenu", .mainNavigation: "Menu principal", .homePage: "Page d’accueil",
        .archive: "Archives", .tags: "Étiquettes", .series: "Séries", .apps: "Applications", .app: "Application",
        .feedRSS: "RSS", .feedAtom: "Atom", .feedJSON: "Flux JSON", .atomFeed: "flux Atom",
        .updated: "mis à jour le", .draft: "Brouillon", .scheduled: "Programmé", .contents: "Sommaire",
        .tagged: "Étiquettes", .continueReading: "Lire la suite", .retired: "Abandonnée", .released: "sortie le",
        .appStore: "App Store", .website: "Site web", .sourceCode: "Code source", .screenshots: "Captures d’écran",
        .seriesParts: "Les parties", .allTags: "Toutes les étiquettes",
        .followSeries: "Suivre cette série\u{A0}:", .followTag: "Suivre cette étiquette\u{A0}:",
        .seriesLead: "Des récits plus longs, en plusieurs parties, à lire de préférence dans l’ordre.",
        .noPosts: "Aucun article pour l’instant.", .noSeries: "Aucune série pour l’instant.",
        .noApps: "Aucune application pour l’instant.", .noTags: "Aucune étiquette pour l’instant.",
        .newerPosts: "Articles plus récents", .olderPosts: "Articles plus anciens", .pages: "Pages",
        .pageNotFound: "Page introuvable",
        .notFoundText: "Il n’y a rien à cette adresse. La page a peut-être été déplacée, ou n’a jamais existé.",
        .notes: "Notes",
        .privacy: "Politique de confidentialité", .support: "Assistance", .relatedPosts: "Articles similaires",
        .aboutAuthor: "À propos de l’auteur", .elsewhere: "Ailleurs", .email: "Courriel",
        .search: "Recherche", .searchLabel: "Rechercher sur ce site", .searchPlaceholder: "Mots, noms, code",
        .searchButton: "Rechercher", .searchResults: "Résultats", .searching: "Recherche en cours…",
        .noResults: "Aucun résultat.",
        .searchNeedsScript: "La recherche a besoin de JavaScript, qui est désactivé dans ce navigateur.",
        .webSearch: "Rechercher sur ce site avec DuckDuckGo",
        .minRead: "{n} min de lecture", .partOf: "Partie {n} sur {total}", .seriesRef: "{part} de la série {series}",
        .previousPart: "Précédent\u{A0}: {title}", .nextPart: "Suivant\u{A0}: {title}",
        .seriesNav: "{series}\u{A0}: partie précédente et suivante",
        .appIcon: "Icône de {app}", .postsAbout: "Articles sur {app}", .since: "depuis {year}",
        .backToApp: "En savoir plus sur {app}",
        .postsTagged: "Articles étiquetés «\u{A0}{tag}\u{A0}»", .pageOf: "Page {n} sur {total}",
        .archiveLead: "{posts}, du plus récent au plus ancien.",
        .postCountOne: "{n} article", .postCountOther: "{n} articles", .partCountOne: "{n} partie", .partCountOther: "{n} parties",
        .resultCountOne: "{n} résultat", .resultCountOther: "{n} résultats",
        .moved: "Cette page a été déplacée\u{A0}: {title}.",
        .seriesFeed: "Série\u{A0}: {title} – {site}", .tagFeed: "Étiquette\u{A0}: {tag} – {site}",
        .appFeed: "Application\u{A0}: {app} – {site}",
        .date: "{day} {month} {year}", .dateShort: "{day} {month_short}",
    ]

    static let spanish: [ThemeStrings.Key: String] = [
        .skipToContent: "Saltar al contenido", .mainNavigation: "Menú principal", .homePage: "Página de inicio",
        .archive: "Archivo", .tags: "Etiquetas", .series: "Series", .apps: "Aplicaciones", .app: "Aplicación",
        .feedRSS: "RSS", .feedAtom: "Atom", .feedJSON: "Feed JSON", .atomFeed: "feed Atom",
        .updated: "actualizado el", .draft: "Borrador", .scheduled: "Programado", .contents: "Contenido",
        .tagged: "Etiquetas", .continueReading: "Seguir leyendo", .retired: "Retirada", .released: "publicada el",
        .appStore: "App Store", .website: "Sitio web", .sourceCode: "Código fuente", .screenshots: "Capturas de pantalla",
        .seriesParts: "Las partes", .allTags: "Todas las etiquetas",
        .followSeries: "Seguir esta serie:", .followTag: "Seguir esta etiqueta:",
        .seriesLead: "Historias más largas, contadas por partes y mejor leídas en orden.",
        .noPosts: "Todavía no hay artículos.", .noSeries: "Todavía no hay series.",
        .noApps: "Todavía no hay aplicaciones.", .noTags: "Todavía no hay etiquetas.",
        .newerPosts: "Artículos más recientes", .olderPosts: "Artículos anteriores", .pages: "Páginas",
        .pageNotFound: "Página no encontrada",
        .notFoundText: "No hay nada en esta dirección. Puede que se haya movido o que nunca haya existido.",
        .notes: "Notas",
        .privacy: "Política de privacidad", .support: "Soporte", .relatedPosts: "Artículos relacionados",
        .aboutAuthor: "Sobre el autor", .elsewhere: "En otros sitios", .email: "Correo",
        .search: "Búsqueda", .searchLabel: "Buscar en este sitio", .searchPlaceholder: "Palabras, nombres, código",
        .searchButton: "Buscar", .searchResults: "Resultados", .searching: "Buscando…", .noResults: "No hay resultados.",
        .searchNeedsScript: "La búsqueda necesita JavaScript, que está desactivado en este navegador.",
        .webSearch: "Buscar en este sitio con DuckDuckGo",
        .minRead: "{n} min de lectura", .partOf: "Parte {n} de {total}", .seriesRef: "{part} de la serie {series}",
        .previousPart: "Anterior: {title}", .nextPart: "Siguiente: {title}", .seriesNav: "{series}: parte anterior y siguiente",
        .appIcon: "Icono de {app}", .postsAbout: "Artículos sobre {app}", .since: "desde {year}", .backToApp: "Más sobre {app}",
        .postsTagged: "Artículos con la etiqueta «{tag}»", .pageOf: "Página {n} de {total}",
        .archiveLead: "{posts}, los más recientes primero.",
        .postCountOne: "{n} artículo", .postCountOther: "{n} artículos", .partCountOne: "{n} parte", .partCountOther: "{n} partes",
        .resultCountOne: "{n} resultado", .resultCountOther: "{n} resultados",
        .moved: "Esta página se ha trasladado a {title}.",
        .seriesFeed: "Serie: {title} – {site}", .tagFeed: "Etiqueta: {tag} – {site}", .appFeed: "Aplicación: {app} – {site}",
        .date: "{day} de {month} de {year}", .dateShort: "{day} {month_short}",
    ]

    // Japanese takes no spaces between words and full-width punctuation.
    static let japanese: [ThemeStrings.Key: String] = [
        .skipToContent: "本文へスキップ", .mainNavigation: "メインメニュー", .homePage: "ホーム",
        .archive: "アーカイブ", .tags: "タグ", .series: "シリーズ", .apps: "アプリ", .app: "アプリ",
        .feedRSS: "RSS", .feedAtom: "Atom", .feedJSON: "JSON Feed", .atomFeed: "Atomフィード",
        .updated: "更新日", .draft: "下書き", .scheduled: "予約投稿", .contents: "目次",
        .tagged: "タグ", .continueReading: "続きを読む", .retired: "提供終了", .released: "リリース日",
        .appStore: "App Store", .website: "ウェブサイト", .sourceCode: "ソースコード", .screenshots: "スクリーンショット",
        .seriesParts: "記事一覧", .allTags: "すべてのタグ",
        .followSeries: "このシリーズをフォロー：", .followTag: "このタグをフォロー：",
        .seriesLead: "複数回に分けてお届けする長めの記事です。順番にお読みください。",
        .noPosts: "まだ記事はありません。", .noSeries: "まだシリーズはありません。", .noApps: "まだアプリはありません。",
        .noTags: "まだタグはありません。",
        .newerPosts: "新しい記事", .olderPosts: "過去の記事", .pages: "ページ",
        .pageNotFound: "ページが見つかりません",
        .notFoundText: "このアドレスには何もありません。移動したか、もともと存在しなかった可能性があります。",
        .notes: "注",
        .privacy: "プライバシーポリシー", .support: "サポート", .relatedPosts: "関連記事",
        .aboutAuthor: "著者について", .elsewhere: "外部リンク", .email: "メール",
        .search: "検索", .searchLabel: "このサイトを検索", .searchPlaceholder: "単語、名前、コード",
        .searchButton: "検索", .searchResults: "検索結果", .searching: "検索しています…", .noResults: "見つかりませんでした。",
        .searchNeedsScript: "検索にはJavaScriptが必要ですが、このブラウザーでは無効になっています。",
        .webSearch: "DuckDuckGoでこのサイトを検索",
        .minRead: "{n}分で読めます", .partOf: "第{n}回（全{total}回）", .seriesRef: "連載「{series}」{part}",
        .previousPart: "前回：{title}", .nextPart: "次回：{title}", .seriesNav: "{series}：前回と次回",
        .appIcon: "{app}のアイコン", .postsAbout: "{app}に関する記事", .since: "{year}年から", .backToApp: "{app}について詳しく",
        .postsTagged: "タグ「{tag}」の記事", .pageOf: "{n} / {total}ページ", .archiveLead: "{posts}（新しい順）",
        .postCountOne: "{n}件の記事", .postCountOther: "{n}件の記事", .partCountOne: "全{n}回", .partCountOther: "全{n}回",
        .resultCountOne: "{n}件", .resultCountOther: "{n}件",
        .moved: "このページは移動しました：{title}",
        .seriesFeed: "シリーズ：{title} – {site}", .tagFeed: "タグ：{tag} – {site}", .appFeed: "アプリ：{app} – {site}",
        .date: "{year}年{month_number}月{day}日", .dateShort: "{month_number}月{day}日",
    ]
}
