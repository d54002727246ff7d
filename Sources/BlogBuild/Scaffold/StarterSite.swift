import Load

/// The content `blogbuild init` writes: small, but every kind of page is there.
enum StarterSite {
    /// What `init` writes for `base_url` and the author's name, for the user to
    /// replace (`ConfigLoader` tells `publish` to print a notice while they are there).
    static let placeholderBaseURL = ConfigLoader.placeholderBaseURL
    static let placeholderAuthorName = ConfigLoader.placeholderAuthorName

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
            # The picture a shared link to a page shows when the page has none of its own
            # (a post's hero, an app's icon): replace it with one of your site, 1200 × 630 px.
            image: /images/site.png

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
            # Its App Store id (digits only, App Store Connect's "Apple ID"): a Smart App
            # Banner on its pages, and the App Store link made from it.
            # app_store_id: 1234567890
            released: \(day)
            status: available
            ---

            Describe your app here. Posts that say `app: sample-app` are listed below.

            """),
            // App Store Connect asks every app for a privacy policy URL and a support URL.
            ("content/apps/sample-app/privacy.md", """
            ---
            title: Sample App Privacy Policy
            ---

            Sample App does not collect any data. It has no account, no analytics and no
            advertising, and nothing you do in it leaves your device.

            If that ever changes, this page will say so before the version that changes it
            is released.

            ## Questions

            Email [you@example.com](mailto:you@example.com) with anything about your privacy
            and Sample App.

            """),
            ("content/apps/sample-app/support.md", """
            ---
            title: Sample App Support
            ---

            Something not working? Email [you@example.com](mailto:you@example.com?subject=Sample%20App%20support),
            and say which version of Sample App you have and which device it runs on.

            ## Common questions

            Answer the questions people ask most here, so they find the answer before they write.

            """),
            ("content/pages/about.md", """
            ---
            title: About
            ---

            Who writes this site, and why.

            """),
            (".gitignore", gitignore),
            (".github/workflows/publish.yml", publishWorkflow),
        ]
    }

    /// What a site's repository should not commit: the built site, what a build
    /// killed halfway leaves beside it, and the derived-image cache.
    static let gitignore = """
        # Built by blogbuild: publish makes it again (in CI too).
        /public/
        # A build killed halfway leaves its temporary files here; the next build removes them.
        /.public.blogbuild-staging-*/
        # Resized images, kept between builds; any build makes them again.
        /.blogbuild-cache/
        .DS_Store

        """

    /// A GitHub Actions workflow: on a push to main and once a day, install libvips and
    /// blogbuild, ask GitHub Pages for the site's address, publish at that address,
    /// and deploy with GitHub's own Pages actions.
    static let publishWorkflow = """
        # Publishes the site to GitHub Pages on every push to the main branch, and once a
        # day, so a post dated in the future appears on its day.
        #
        # Once: in the repository's Settings → Pages, set Source to "GitHub Actions".
        # The site's address is GitHub's: actions/configure-pages gives it (for a project
        # page https://USER.github.io/REPO/, for a user page https://USER.github.io/, or
        # your own domain once it is set in Settings → Pages), and publish uses it in place
        # of base_url in content/site.yml (which build and serve use).
        # publish fails while what init wrote for you to replace is still there (the author's
        # name, page and email, the starter picture, the sample app's links), each at its line.
        name: Publish

        on:
          push:
            branches: [main]
          schedule:
            # Every day at 00:20 UTC (GitHub may start it later; it stops scheduling after
            # 60 days without a commit in a public repository).
            - cron: "20 0 * * *"
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        # One deployment at a time; a newer push waits for the running one.
        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          # The blogbuild release to install: a Linux tarball holding the blogbuild
          # binary. Change it to the release (or your own build) you want.
          BLOGBUILD_URL: \(Release.tarballURL(arch: "x86_64"))
          # Or build blogbuild from source instead (a few minutes the first time,
          # then cached until BLOGBUILD_REF changes): set BLOGBUILD_SOURCE to the
          # repository and BLOGBUILD_REF to a tag or branch of it, e.g.
          #   BLOGBUILD_SOURCE: https://github.com/blogbuild/blogbuild.git
          BLOGBUILD_SOURCE: ""
          BLOGBUILD_REF: v\(Release.version)

        jobs:
          build:
            runs-on: ubuntu-latest
            steps:
              - uses: actions/checkout@v6
              # The site's address (and GitHub Pages set up for this repository): its base_url output.
              - id: pages
                uses: actions/configure-pages@v6
              - name: Install libvips
                # blogbuild loads libvips (libvips.so.42) to resize images and strip their
                # metadata (a photo's GPS position) before they are published.
                # The package is libvips42t64 on Ubuntu 24.04 and libvips42 before it.
                run: |
                  sudo apt-get update -q
                  sudo apt-get install -y -q --no-install-recommends libvips42t64 || sudo apt-get install -y -q --no-install-recommends libvips42
              - name: Install blogbuild
                if: env.BLOGBUILD_SOURCE == ''
                run: |
                  mkdir -p "$HOME/.local/bin"
                  curl -fsSL "$BLOGBUILD_URL" | tar -xz -C "$HOME/.local/bin" --strip-components=1 --wildcards '*/blogbuild'
                  echo "$HOME/.local/bin" >> "$GITHUB_PATH"
              - name: Restore blogbuild built from source
                if: env.BLOGBUILD_SOURCE != ''
                id: cached
                uses: actions/cache@v5
                with:
                  path: ~/.cache/blogbuild-bin
                  key: blogbuild-${{ runner.os }}-${{ runner.arch }}-${{ env.BLOGBUILD_SOURCE }}-${{ env.BLOGBUILD_REF }}
              - name: Build blogbuild from source
                if: env.BLOGBUILD_SOURCE != '' && steps.cached.outputs.cache-hit != 'true'
                run: |
                  # ubuntu-latest comes with Swift (blogbuild needs 6.1 or later).
                  git clone --depth 1 --branch "$BLOGBUILD_REF" "$BLOGBUILD_SOURCE" "$RUNNER_TEMP/blogbuild"
                  # The packages this checkout's make dist needs, from its own list (Packaging/build-packages).
                  make -C "$RUNNER_TEMP/blogbuild" deps-build
                  make -C "$RUNNER_TEMP/blogbuild" dist
                  mkdir -p ~/.cache/blogbuild-bin
                  tar -xzf "$RUNNER_TEMP"/blogbuild/dist/blogbuild-*.tar.gz -C ~/.cache/blogbuild-bin --strip-components=1 --wildcards '*/blogbuild'
              - name: Use blogbuild built from source
                if: env.BLOGBUILD_SOURCE != ''
                run: echo "$HOME/.cache/blogbuild-bin" >> "$GITHUB_PATH"
              # The resized images blogbuild made last time (its cache, .blogbuild-cache/), so a
              # push does not make them all again: saved anew when an image or site.yml changes.
              - name: Restore the image cache
                uses: actions/cache@v5
                with:
                  path: .blogbuild-cache
                  key: blogbuild-images-${{ runner.os }}-${{ hashFiles('content/**', '!content/**/*.md') }}
                  restore-keys: blogbuild-images-${{ runner.os }}-
              - name: Publish
                # At the address GitHub Pages gave (its base_url has no trailing slash).
                # Fails on any broken link, missing alt text, invalid feed or stand-in init wrote.
                run: blogbuild publish --base-url "${{ steps.pages.outputs.base_url }}/"
              - uses: actions/upload-pages-artifact@v4
                with:
                  path: public

          deploy:
            needs: build
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - id: deployment
                uses: actions/deploy-pages@v5

        """
}
