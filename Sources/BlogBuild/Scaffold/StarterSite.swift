/// The content `blogbuild init` writes: small, but every kind of page is there.
enum StarterSite {
    /// What `init` writes for `base_url` and the author's name, for the user to
    /// replace; `publish` prints a notice while they are still there.
    static let placeholderBaseURL = "https://example.com/"
    static let placeholderAuthorName = "Your Name"

    static func files(day: String) -> [(String, String)] {
        [
            ("content/site.yml", """
            title: My Dev Blog
            description: Notes on the apps I make
            author: { name: \(placeholderAuthorName), email: you@example.com, url: \(placeholderBaseURL)about/ }
            base_url: \(placeholderBaseURL)
            language: en
            timezone: Europe/London
            posts_per_page: 10
            permalinks: { post: /:year/:month/:slug/ }
            feeds: { items: 20, full_content: true }
            nav: [ { title: Apps, url: /apps/ }, { title: Series, url: /series/ }, { title: Archive, url: /archive/ }, { title: About, url: /about/ } ]

            """),
            ("content/posts/\(day)-hello-world.md", """
            ---
            title: Hello, world
            date: \(day) 09:00
            tags: [Meta, Swift]
            series: getting-started
            series_order: 1
            app: sample-app
            ---

            This is the first post of a site made with `blogbuild init`. Edit it in
            `content/posts/`, or start a new one with `blogbuild new post "A title"`.

            <!--more-->

            ## Code

            ```swift
            let greeting = "Hello, world"
            print(greeting)
            ```

            Footnotes work too.[^1]

            [^1]: Like this one.

            """),
            ("content/series/getting-started.md", """
            ---
            title: Getting Started
            description: How this site was set up
            order: manual
            ---

            A series groups posts that belong together, in order.

            """),
            ("content/apps/sample-app.md", """
            ---
            title: Sample App
            tagline: The app this site is about
            platforms: [iOS, macOS]
            website: https://example.com/
            released: \(day)
            status: available
            ---

            Describe your app here. Posts that say `app: sample-app` are listed below.

            """),
            ("content/pages/about.md", """
            ---
            title: About
            ---

            Who writes this site, and why.

            """),
        ]
    }
}
