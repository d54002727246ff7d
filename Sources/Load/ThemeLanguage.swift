/// A language the built-in theme speaks: its words (`ThemeStrings.Key`) and its
/// month names. Written out here rather than taken from Foundation's formatters,
/// whose output depends on the ICU data of the machine (and differs between
/// Linux and macOS): a build must be byte-identical wherever it runs.
public enum ThemeLanguage: String, Sendable, Hashable, CaseIterable {
    case en, de, fr, es, ja, ko
    /// Chinese in simplified characters (mainland China, Singapore) and in traditional ones (Taiwan, Hong Kong, Macau).
    case zhHans = "zh-Hans", zhHant = "zh-Hant"

    /// The language `tag` (`language:` in site.yml) picks by its primary subtag
    /// (`de`, `de-DE`, `de-AT` → German); nil when blogbuild has none for it.
    /// Chinese goes by script, or by region when the tag names none (BCP 47, as
    /// CLDR's likely subtags have it): `zh`, `zh-CN`, `zh-SG`, `zh-Hans` → simplified;
    /// `zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant` → traditional.
    public init?(tag: String) {
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        let primary = subtags.first ?? ""
        guard primary == "zh" else {
            self.init(rawValue: primary)
            return
        }
        if subtags.contains("hant") {
            self = .zhHant
        } else if subtags.contains("hans") {
            self = .zhHans
        } else {
            self = subtags.contains(where: { ["tw", "hk", "mo"].contains($0) }) ? .zhHant : .zhHans
        }
    }

    /// English's name for the language, for messages.
    var name: String {
        switch self {
        case .en: "English"
        case .de: "German"
        case .fr: "French"
        case .es: "Spanish"
        case .ja: "Japanese"
        case .ko: "Korean"
        case .zhHans: "Chinese (simplified)"
        case .zhHant: "Chinese (traditional)"
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
        case .ja, .zhHans, .zhHant: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"]
        case .ko: ["1월", "2월", "3월", "4월", "5월", "6월", "7월", "8월", "9월", "10월", "11월", "12월"]
        }
    }

    /// Short month names (`{month_short}`), as each language abbreviates them.
    var shortMonths: [String] {
        switch self {
        case .en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        case .de: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."]
        case .fr: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
        case .es: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"]
        case .ja, .ko, .zhHans, .zhHant: months
        }
    }

    /// Whether `n` takes the singular (`post_count_one`): French counts 0 as
    /// singular too; Japanese, Chinese and Korean have one form (both keys hold it).
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
        case .ko: Self.korean
        case .zhHans: Self.simplifiedChinese
        case .zhHant: Self.traditionalChinese
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
        .moreResults: "More results",
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
        .moreResults: "Weitere Treffer",
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
        .searchButton: "Rechercher", .searchResults: "Résultats", .searching: "Recherche en cours…", .moreResults: "Plus de résultats",
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
        .moreResults: "Más resultados",
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
        .moreResults: "さらに表示",
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

    static let simplifiedChinese: [ThemeStrings.Key: String] = [
        .skipToContent: "跳到正文", .mainNavigation: "主菜单", .homePage: "首页",
        .archive: "归档", .tags: "标签", .series: "系列", .apps: "应用", .app: "应用",
        .feedRSS: "RSS", .feedAtom: "Atom", .feedJSON: "JSON Feed", .atomFeed: "Atom 订阅",
        .updated: "更新于", .draft: "草稿", .scheduled: "定时发布", .contents: "目录",
        .tagged: "标签", .continueReading: "继续阅读", .retired: "已停止提供", .released: "发布于",
        .appStore: "App Store", .website: "网站", .sourceCode: "源代码", .screenshots: "截图",
        .seriesParts: "本系列文章", .allTags: "全部标签",
        .followSeries: "订阅此系列：", .followTag: "订阅此标签：",
        .seriesLead: "分成多篇讲述的长篇故事，最好按顺序阅读。",
        .noPosts: "还没有文章。", .noSeries: "还没有系列。", .noApps: "还没有应用。", .noTags: "还没有标签。",
        .newerPosts: "较新的文章", .olderPosts: "较早的文章", .pages: "页面",
        .pageNotFound: "找不到页面",
        .notFoundText: "这个地址没有任何内容。页面可能已经移走，也可能从来没有存在过。",
        .notes: "注释",
        .privacy: "隐私政策", .support: "支持", .relatedPosts: "相关文章",
        .aboutAuthor: "关于作者", .elsewhere: "其他地方", .email: "电子邮件",
        .search: "搜索", .searchLabel: "搜索本站", .searchPlaceholder: "词语、名称、代码",
        .searchButton: "搜索", .searchResults: "搜索结果", .searching: "正在搜索…", .noResults: "没有找到结果。",
        .moreResults: "更多结果",
        .searchNeedsScript: "在这里搜索需要 JavaScript，但此浏览器已将其关闭。",
        .webSearch: "用 DuckDuckGo 搜索本站",
        .minRead: "阅读约需 {n} 分钟", .partOf: "第 {n} 篇，共 {total} 篇", .seriesRef: "“{series}”{part}",
        .previousPart: "上一篇：{title}", .nextPart: "下一篇：{title}", .seriesNav: "{series}：上一篇和下一篇",
        .appIcon: "{app} 图标", .postsAbout: "关于 {app} 的文章", .since: "始于 {year} 年", .backToApp: "进一步了解 {app}",
        .postsTagged: "标签为“{tag}”的文章", .pageOf: "第 {n} 页，共 {total} 页", .archiveLead: "{posts}，最新的在前。",
        .postCountOne: "{n} 篇文章", .postCountOther: "{n} 篇文章", .partCountOne: "共 {n} 篇", .partCountOther: "共 {n} 篇",
        .resultCountOne: "{n} 个结果", .resultCountOther: "{n} 个结果",
        .moved: "此页面已移至{title}。",
        .seriesFeed: "系列：{title} – {site}", .tagFeed: "标签：{tag} – {site}", .appFeed: "应用：{app} – {site}",
        .date: "{year}年{month_number}月{day}日", .dateShort: "{month_number}月{day}日",
    ]

    static let traditionalChinese: [ThemeStrings.Key: String] = [
        .skipToContent: "跳至主要內容", .mainNavigation: "主選單", .homePage: "首頁",
        .archive: "文章彙整", .tags: "標籤", .series: "系列", .apps: "應用程式", .app: "應用程式",
        .feedRSS: "RSS", .feedAtom: "Atom", .feedJSON: "JSON Feed", .atomFeed: "Atom 訂閱",
        .updated: "更新於", .draft: "草稿", .scheduled: "排程發佈", .contents: "目錄",
        .tagged: "標籤", .continueReading: "繼續閱讀", .retired: "已停止提供", .released: "發佈於",
        .appStore: "App Store", .website: "網站", .sourceCode: "原始碼", .screenshots: "螢幕截圖",
        .seriesParts: "本系列文章", .allTags: "所有標籤",
        .followSeries: "訂閱這個系列：", .followTag: "訂閱這個標籤：",
        .seriesLead: "分成多篇講述的長篇故事，最好依序閱讀。",
        .noPosts: "還沒有文章。", .noSeries: "還沒有系列。", .noApps: "還沒有應用程式。", .noTags: "還沒有標籤。",
        .newerPosts: "較新的文章", .olderPosts: "較舊的文章", .pages: "頁面",
        .pageNotFound: "找不到頁面",
        .notFoundText: "這個網址沒有任何內容。頁面可能已經搬移，也可能從未存在過。",
        .notes: "註釋",
        .privacy: "隱私權政策", .support: "支援", .relatedPosts: "相關文章",
        .aboutAuthor: "關於作者", .elsewhere: "其他地方", .email: "電子郵件",
        .search: "搜尋", .searchLabel: "搜尋本站", .searchPlaceholder: "字詞、名稱、程式碼",
        .searchButton: "搜尋", .searchResults: "搜尋結果", .searching: "搜尋中…", .noResults: "找不到結果。",
        .moreResults: "更多結果",
        .searchNeedsScript: "在這裡搜尋需要 JavaScript，但這個瀏覽器已將其關閉。",
        .webSearch: "用 DuckDuckGo 搜尋本站",
        .minRead: "閱讀約需 {n} 分鐘", .partOf: "第 {n} 篇，共 {total} 篇", .seriesRef: "「{series}」{part}",
        .previousPart: "上一篇：{title}", .nextPart: "下一篇：{title}", .seriesNav: "{series}：上一篇與下一篇",
        .appIcon: "{app} 圖示", .postsAbout: "關於 {app} 的文章", .since: "始於 {year} 年", .backToApp: "進一步了解 {app}",
        .postsTagged: "標籤為「{tag}」的文章", .pageOf: "第 {n} 頁，共 {total} 頁", .archiveLead: "{posts}，最新的在前。",
        .postCountOne: "{n} 篇文章", .postCountOther: "{n} 篇文章", .partCountOne: "共 {n} 篇", .partCountOther: "共 {n} 篇",
        .resultCountOne: "{n} 個結果", .resultCountOther: "{n} 個結果",
        .moved: "此頁面已移至{title}。",
        .seriesFeed: "系列：{title} – {site}", .tagFeed: "標籤：{tag} – {site}", .appFeed: "應用程式：{app} – {site}",
        .date: "{year}年{month_number}月{day}日", .dateShort: "{month_number}月{day}日",
    ]

    static let korean: [ThemeStrings.Key: String] = [
        .skipToContent: "본문으로 건너뛰기", .mainNavigation: "주 메뉴", .homePage: "홈",
        .archive: "보관함", .tags: "태그", .series: "시리즈", .apps: "앱", .app: "앱",
        .feedRSS: "RSS", .feedAtom: "Atom", .feedJSON: "JSON Feed", .atomFeed: "Atom 피드",
        .updated: "업데이트", .draft: "초안", .scheduled: "예약됨", .contents: "목차",
        .tagged: "태그", .continueReading: "계속 읽기", .retired: "지원 종료", .released: "출시",
        .appStore: "App Store", .website: "웹사이트", .sourceCode: "소스 코드", .screenshots: "스크린샷",
        .seriesParts: "연재 목록", .allTags: "모든 태그",
        .followSeries: "이 시리즈 구독:", .followTag: "이 태그 구독:",
        .seriesLead: "여러 편에 걸쳐 들려주는 긴 이야기입니다. 순서대로 읽는 것이 좋습니다.",
        .noPosts: "아직 글이 없습니다.", .noSeries: "아직 시리즈가 없습니다.", .noApps: "아직 앱이 없습니다.", .noTags: "아직 태그가 없습니다.",
        .newerPosts: "최근 글", .olderPosts: "이전 글", .pages: "페이지",
        .pageNotFound: "페이지를 찾을 수 없습니다",
        .notFoundText: "이 주소에는 아무것도 없습니다. 페이지가 옮겨졌거나 처음부터 없었을 수 있습니다.",
        .notes: "주석",
        .privacy: "개인정보 처리방침", .support: "지원", .relatedPosts: "관련 글",
        .aboutAuthor: "글쓴이 소개", .elsewhere: "다른 곳", .email: "이메일",
        .search: "검색", .searchLabel: "이 사이트 검색", .searchPlaceholder: "단어, 이름, 코드",
        .searchButton: "검색", .searchResults: "검색 결과", .searching: "검색 중…", .noResults: "결과가 없습니다.",
        .moreResults: "결과 더 보기",
        .searchNeedsScript: "여기서 검색하려면 JavaScript가 필요하지만 이 브라우저에서는 꺼져 있습니다.",
        .webSearch: "DuckDuckGo로 이 사이트 검색",
        .minRead: "{n}분 분량", .partOf: "{total}편 중 {n}편", .seriesRef: "{series} {part}",
        .previousPart: "이전 편: {title}", .nextPart: "다음 편: {title}", .seriesNav: "{series}: 이전 편과 다음 편",
        .appIcon: "{app} 아이콘", .postsAbout: "{app}에 관한 글", .since: "{year}년부터", .backToApp: "{app} 자세히 보기",
        .postsTagged: "‘{tag}’ 태그가 붙은 글", .pageOf: "{total}페이지 중 {n}페이지", .archiveLead: "{posts}, 최신순.",
        .postCountOne: "글 {n}개", .postCountOther: "글 {n}개", .partCountOne: "{n}편", .partCountOther: "{n}편",
        .resultCountOne: "결과 {n}개", .resultCountOther: "결과 {n}개",
        .moved: "이 페이지는 {title}(으)로 옮겨졌습니다.",
        .seriesFeed: "시리즈: {title} – {site}", .tagFeed: "태그: {tag} – {site}", .appFeed: "앱: {app} – {site}",
        .date: "{year}년 {month_number}월 {day}일", .dateShort: "{month_number}월 {day}일",
    ]
}
