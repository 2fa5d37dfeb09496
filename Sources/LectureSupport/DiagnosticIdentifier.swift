extension Diagnostic {
    /// The stable name of a kind of problem, such as `lecture.sample.output-mismatch`, after
    /// Swift-DocC's `org.swift.docc.…` identifiers: code that reacts to a diagnostic (`--bless`,
    /// `check`'s count of skipped samples, the title `book.toml` supplies) matches it, never the
    /// summary's text. Names are `lecture.<area>.<kind>`, lower case with hyphens; every one is
    /// declared below, listed in `all`, and in the manual's table of diagnostics (Sources/lecture/Manual/src/diagnostics.md).
    package struct Identifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The dotted name, `lecture.sample.output-mismatch`.
        package var rawValue: String
        /// Wraps a name; use the declared constants.
        package init(rawValue: String) { self.rawValue = rawValue }
        init(_ rawValue: String) { self.rawValue = rawValue }
        /// The dotted name.
        package var description: String { rawValue }
    }
}

// One constant per kind; a kind's diagnostics share an identifier whatever their wording.
extension Diagnostic.Identifier {
    // MARK: Usage and setup (exit status 2)

    /// An unknown subcommand (`lecture biuld`).
    package static let unknownSubcommand = Self("lecture.usage.unknown-subcommand")
    /// An unknown option, a missing or unexpected value, an option given twice.
    package static let badOption = Self("lecture.usage.bad-option")
    /// An option's value out of range or of the wrong shape (`-j 0`, `--port x`, `--shard 3/2`).
    package static let badOptionValue = Self("lecture.usage.bad-value")
    /// A positional argument too many, or a file that is not what the command takes.
    package static let badArgument = Self("lecture.usage.bad-argument")
    /// No `swiftc`, or one that does not say its version.
    package static let missingToolchain = Self("lecture.setup.toolchain")
    /// A sample library the book declares (`[preprocessor.lecture.samples] libraries`) does not compile.
    package static let sampleLibraries = Self("lecture.setup.sample-libraries")
    /// The sample locale or time zone is not installed.
    package static let sampleEnvironment = Self("lecture.setup.sample-environment")
    /// Samples cannot run in a sandbox here (an error with `[preprocessor.lecture.samples] sandbox = "require"`,
    /// else a warning once per run).
    package static let sampleSandbox = Self("lecture.setup.sample-sandbox")
    /// No Chromium for `lecture pdf`.
    package static let missingChromium = Self("lecture.setup.chromium")
    /// The content folder or its `SUMMARY.md` is missing.
    package static let missingContent = Self("lecture.setup.content")
    /// The templates folder or its `page.html` is missing.
    package static let missingTemplates = Self("lecture.setup.templates")
    /// The output folder may not be written (a file, a folder `lecture` did not write, inside
    /// the content or templates folder).
    package static let outputRefused = Self("lecture.setup.output")
    /// A path that begins with `~` or holds a `$NAME` (book.toml, an option, `LECTURE_CACHE_DIR`):
    /// taken as written, never expanded (a warning naming where it leads).
    package static let unexpandedPath = Self("lecture.setup.unexpanded-path")
    /// `lecture init` would overwrite a book.
    package static let initRefused = Self("lecture.init.exists")
    /// `lecture serve` cannot listen or start its server.
    package static let serveStart = Self("lecture.serve.start")
    /// book.toml changed while `lecture serve` ran, which reads it only when it starts (a warning).
    package static let serveSettingsChanged = Self("lecture.serve.settings-changed")

    // MARK: Files and I/O

    /// A file cannot be read, written, created or moved; a pipe or folder cannot be made.
    package static let fileSystem = Self("lecture.io.failed")
    /// A program (`swiftc`, `dot`, Chromium) cannot be started or failed.
    package static let subprocess = Self("lecture.io.subprocess")
    /// A page or included file is not valid UTF-8.
    package static let invalidUTF8 = Self("lecture.file.invalid-utf8")
    /// The run was cancelled (SIGINT, SIGTERM, SIGHUP); exit status 128 + the signal's number.
    package static let cancelled = Self("lecture.cancelled")
    /// An error no other kind describes (a bug in `lecture`, most likely).
    package static let unexpected = Self("lecture.unexpected")

    // MARK: book.toml

    /// `book.toml` is not valid TOML.
    package static let bookTOMLSyntax = Self("lecture.book-toml.syntax")
    /// A key's value has the wrong type or shape.
    package static let bookTOMLValue = Self("lecture.book-toml.bad-value")
    /// An mdBook key `lecture` does not support (ignored).
    package static let bookTOMLUnsupported = Self("lecture.book-toml.unsupported-key")
    /// An `MDBOOK_*` variable of the environment that sets a book.toml key for mdBook, which
    /// lecture does not read (a warning).
    package static let mdBookEnvironment = Self("lecture.book-toml.mdbook-environment")
    /// A file of an mdBook book's `theme/` folder that mdBook reads and lecture does not (a warning).
    package static let themeFileUnsupported = Self("lecture.theme.unsupported-file")
    /// mdBook's `theme/head.hbs` that lecture cannot put in the pages' `<head>` (not UTF-8, or
    /// holding a Handlebars expression other than `{{ path_to_root }}`): not used (a warning).
    package static let themeHeadUnused = Self("lecture.theme.head-unused")
    /// A folder book.toml names for the book to read (`src`, `templates`, `include-from`) that
    /// lies outside the book's repository, or its folder when it has none (a warning).
    package static let folderOutsideBook = Self("lecture.book-toml.folder-outside-book")
    /// A sample library (`[preprocessor.lecture.samples] libraries`) outside the book's
    /// repository, or its folder when it has none (a warning).
    package static let librariesOutsideBook = Self("lecture.book-toml.libraries-outside-book")
    /// An entry of `[preprocessor.lecture] allow-warnings` that names no warning a book may allow
    /// (a warning at its line).
    package static let allowWarningsEntry = Self("lecture.book-toml.allow-warnings")
    /// A key neither mdBook nor `lecture` knows (ignored).
    package static let bookTOMLUnknown = Self("lecture.book-toml.unknown-key")
    /// `[preprocessor.lecture] diagram-font` naming a family no installed font has, in a book
    /// that draws diagrams (a warning at its line).
    package static let bookTOMLDiagramFont = Self("lecture.book-toml.diagram-font")

    // MARK: Summary and pages

    /// Something in `SUMMARY.md` that is not a title or a list of links.
    package static let summaryContent = Self("lecture.summary.unexpected-content")
    /// A page the summary lists that did not exist, created with its title as mdBook's
    /// `create-missing` does (a note; `[build] create-missing = false` makes it an error).
    package static let summaryCreatedPage = Self("lecture.summary.created-page")
    /// A summary link that is not a relative path inside the content folder.
    package static let summaryBadLink = Self("lecture.summary.bad-link")
    /// A summary link to a page that does not exist.
    package static let summaryMissingPage = Self("lecture.summary.missing-page")
    /// A page listed twice.
    package static let summaryDuplicate = Self("lecture.summary.duplicate-page")
    /// A summary that lists no pages (a warning: the site has none, as mdBook builds it).
    package static let summaryEmpty = Self("lecture.summary.no-pages")
    /// A link that leaves the book (a warning; an error with `[preprocessor.lecture] outside-links = "error"`).
    package static let linkOutside = Self("lecture.link.outside-book")
    /// A page in the content folder that the summary does not list (a warning).
    package static let unlistedPage = Self("lecture.page.unlisted")
    /// A page the summary lists whose file lies outside the book's folders once symbolic links
    /// are resolved (or would be created there): neither read nor written.
    package static let pageOutsideBook = Self("lecture.page.outside-book")
    /// A file or folder the book reads (a theme's file, a folder taken by default, an additional
    /// file) that, links resolved, lies outside the book, in `.git`, is a dot-file or is no
    /// regular file (`BookFileRule`): not read.
    package static let fileOutsideBook = Self("lecture.file.outside-book")
    /// A page or file that would be written over another output file.
    package static let outputCollision = Self("lecture.page.output-collision")
    /// Output names that differ only in case, one file on a case-insensitive file system (a warning).
    package static let outputCaseCollision = Self("lecture.page.case-collision")
    /// An output name Windows cannot hold: a device name, `<>:"|?*`, a trailing dot or space (a warning).
    package static let outputNonPortableName = Self("lecture.page.windows-name")
    /// A page without a `# ` heading, or with several (a style lint: `[preprocessor.lecture] style-lints`).
    package static let pageHeading = Self("lecture.page.heading")
    /// Heading levels that jump (h2 to h4; a style lint: `[preprocessor.lecture] style-lints`).
    package static let headingJump = Self("lecture.page.heading-jump")
    /// Content nested deeper than cmark's converter allows.
    package static let nestingTooDeep = Self("lecture.markdown.too-deep")
    /// A paragraph with so many `[` left open that cmark would take minutes (`ParseCost`).
    package static let bracketsTooMany = Self("lecture.markdown.too-slow")
    /// A paragraph with so many quotes after other delimiters that cmark's smart punctuation would
    /// take seconds to minutes (`ParseCost`): the page is parsed without it (a warning).
    package static let quotesTooMany = Self("lecture.markdown.smart-punctuation-too-slow")
    /// A run of `**` or `__` that opens or closes no emphasis and so shows on the page as text.
    package static let literalEmphasis = Self("lecture.markdown.literal-emphasis")
    /// A footnote defined (`[^label]: …`) but referenced nowhere on its page: not shown, as mdBook.
    package static let unusedFootnote = Self("lecture.markdown.unused-footnote")
    /// A footnote label defined twice on a page: the later definition is not shown (a warning).
    package static let repeatedFootnote = Self("lecture.markdown.repeated-footnote")
    /// A footnote reference `[^label]` with no definition on its page: shown as text.
    package static let undefinedFootnote = Self("lecture.markdown.undefined-footnote")
    package static let repeatedHeadingID = Self("lecture.markdown.repeated-id")
    /// A heading with no letter or digit: its id is empty or `-N`, as mdBook 0.5.4 gives it.
    package static let wordlessHeading = Self("lecture.markdown.wordless-heading")

    // MARK: {{#include}}

    /// An `{{#include}}` whose file is missing, not text, nested too deep, or whose line range
    /// or anchor is wrong.
    package static let includeFailed = Self("lecture.include.failed")
    /// An mdBook directive other than `{{#include}}` (left as written; a warning).
    package static let includeUnsupported = Self("lecture.include.unsupported")

    // MARK: Samples

    /// A sample's output differs from its output block.
    package static let sampleOutputMismatch = Self("lecture.sample.output-mismatch")
    /// A run sample without an output block.
    package static let sampleNoOutput = Self("lecture.sample.no-output")
    /// An output block in the wrong place for its sample (twice, under a sample not run), or a
    /// sample's output written where it is not compared (a warning).
    package static let sampleOutputPlacement = Self("lecture.sample.output-placement")
    /// An output block that follows no sample: the page's error, never a sample's
    /// (`SampleOwnErrors`).
    package static let sampleOutputWithoutSample = Self("lecture.sample.output-without-sample")
    /// A bad info string: unknown or contradicting attributes, a group without a name.
    package static let sampleAttributes = Self("lecture.sample.attributes")
    /// A `group=` whose blocks are apart or differ in attributes.
    package static let sampleGroup = Self("lecture.sample.group")
    /// A fence that looks like a sample but is not one (`Swift`, inside HTML; a warning,
    /// counted as skipped by `check`).
    package static let sampleNotRecognised = Self("lecture.sample.not-recognised")
    /// A sample not verified because it imports an Apple framework (`UIKit`) that no sample library
    /// of the book provides, and no attribute marks it as not verified here (a warning).
    package static let sampleAppleFramework = Self("lecture.sample.apple-framework")
    /// A `compile_fail` sample that failed with other errors than its `expect-error` states.
    package static let sampleUnexpectedError = Self("lecture.sample.unexpected-error")
    /// A bidirectional control (Trojan Source) or an invisible character in a sample's code (a warning).
    package static let sampleInvisibleCharacter = Self("lecture.sample.invisible-character")
    /// A bidirectional override or isolate (Trojan Source) in a page's or the summary's text
    /// outside a Swift sample: prose, headings, titles, code spans, any other code block (a warning).
    package static let bidirectionalControl = Self("lecture.markdown.bidirectional-control")
    /// An invisible character (zero-width space, soft hyphen, Hangul filler, a joiner that joins
    /// nothing…) where text becomes a name: a chapter title, a heading, a page title, a file name (a warning).
    package static let invisibleCharacter = Self("lecture.markdown.invisible-character")
    /// A `// snippet.hide` with no `// snippet.show` after it in its code block (a warning).
    package static let sampleSnippetMarker = Self("lecture.sample.snippet-marker")
    /// A Swift sample's line starting with mdBook's `# `, which hides lines in Rust code only (an error).
    package static let sampleHiddenLine = Self("lecture.sample.hidden-line")
    /// An info string holding whitespace other than a space or a tab (a warning).
    package static let infoStringWhitespace = Self("lecture.markdown.info-string-whitespace")
    /// Raw HTML that leaves a comment open, hiding the rest of the page (a warning).
    package static let unclosedComment = Self("lecture.markdown.unclosed-comment")
    /// Raw HTML that opens an element whose content is text up to its end tag (`<textarea>`,
    /// `<script>`, `<style>`, `<xmp>`, `<iframe>`…) and never closes it (a warning).
    package static let unclosedElement = Self("lecture.markdown.unclosed-element")
    /// A fenced code block with no closing fence, which makes the rest of the page code (an error
    /// when it holds a sample or an expected output, whose verdict is lost; else a warning).
    package static let unclosedFence = Self("lecture.markdown.unclosed-fence")
    /// A message of the compiler about a sample (its errors and warnings, at their lines).
    package static let sampleCompiler = Self("lecture.sample.compiler")
    /// A sample that does not compile, or compiles although marked `compile_fail`.
    package static let sampleCompile = Self("lecture.sample.compile")
    /// A sample killed for running past `--timeout`.
    package static let sampleTimeout = Self("lecture.sample.timeout")
    /// A sample whose compile ran past `[preprocessor.lecture] compile-timeout` (not cached).
    package static let sampleCompileTimeout = Self("lecture.sample.compile-timeout")
    /// A sample whose compile needed more memory than `CompileMemoryLimit` (not cached).
    package static let sampleCompileMemory = Self("lecture.sample.compile-memory")
    /// A sample killed for writing more than the output cap.
    package static let sampleOutputLimit = Self("lecture.sample.output-limit")
    /// A sample killed for writing more files into its folder than `RunFolderLimit` allows.
    package static let sampleFileLimit = Self("lecture.sample.file-limit")
    /// A sample that crashed, exited with a non-zero status, or, marked `should_fail`, did not.
    package static let sampleExit = Self("lecture.sample.exit")
    /// A sample whose two runs differ.
    package static let sampleUnstable = Self("lecture.sample.unstable")
    /// A `test` sample with no tests, a failed test, or a `should_fail` whose tests all passed.
    package static let sampleTest = Self("lecture.sample.test")
    /// A sample that could not be verified at all (its folder, the compiler).
    package static let sampleUnverifiable = Self("lecture.sample.unverifiable")
    /// Hover cards missing or cut short (SourceKit; a warning).
    package static let hoverCards = Self("lecture.sample.hover-cards")
    /// A Swift block nested too deeply in `[` for swift-syntax to parse; shown plain (a warning).
    package static let swiftTooDeep = Self("lecture.sample.too-deep-to-highlight")
    /// `--bless` cannot write a sample's output (a read-only file, `{{#include}}`, no closing fence).
    package static let blessRefused = Self("lecture.bless.refused")

    // MARK: Figures

    /// A pipe table without its header or delimiter row, a header with an empty cell, a row of
    /// the wrong width.
    package static let tableMalformed = Self("lecture.table.malformed")
    /// A paragraph that looks like a table but is shown as text (a warning).
    package static let tableAsText = Self("lecture.table.shown-as-text")
    /// A pipe table whose short rows would be filled with more empty cells than allowed (a warning).
    package static let tableTooWide = Self("lecture.table.too-many-filled-cells")
    /// A diagram Graphviz cannot draw, or that has no text alternative; Graphviz's own messages.
    package static let diagram = Self("lecture.diagram.invalid")
    /// Graphviz is not installed.
    package static let diagramNoGraphviz = Self("lecture.diagram.no-graphviz")
    /// A Graphviz program that ran past `[preprocessor.lecture] diagram-timeout`.
    package static let diagramTimeout = Self("lecture.diagram.timeout")
    /// A diagram holding a character no installed font has (a warning).
    package static let diagramFont = Self("lecture.diagram.font")
    /// An unknown or malformed attribute in a figure's info string (`caption=`, `alt=`).
    package static let figureAttributes = Self("lecture.figure.attributes")

    // MARK: Links and templates

    /// A link to a page or file the content folder does not have.
    package static let brokenLink = Self("lecture.link.broken")
    /// A link whose `#fragment` names no heading of its page.
    package static let brokenAnchor = Self("lecture.link.broken-anchor")
    /// A link shown as text because its destination has a space (a warning).
    package static let linkAsText = Self("lecture.link.shown-as-text")
    /// A URL in a built page (raw HTML, the template) that leads nowhere.
    package static let brokenEmittedURL = Self("lecture.link.broken-url")
    /// Raw HTML or an image that makes a browser load a file of the machine (`file:`, in any
    /// attribute, `srcset`, CSS `url()`, a meta refresh, a nested `srcdoc`).
    package static let machineFileInHTML = Self("lecture.link.machine-file")
    package static let hiddenScriptURL = Self("lecture.link.hidden-script-url")
    /// A `<base>` element in a page's raw HTML: it moves every relative URL after it.
    package static let baseElement = Self("lecture.link.base-element")
    /// A `<meta http-equiv=refresh>` in a page's raw HTML: it sends the reader away from the page,
    /// and from print.html (a warning at the tag).
    package static let metaRefresh = Self("lecture.link.meta-refresh")
    /// A `<style>` or `<link rel=stylesheet>` in a page's raw HTML: on print.html and in the PDF it
    /// styles every chapter (a warning at the tag).
    package static let pageStyle = Self("lecture.link.page-style")
    /// Raw HTML or an image that loads a URL of the network, in a book printed by `lecture pdf`,
    /// which loads only the site's own files (a warning).
    package static let networkLoadInPDF = Self("lecture.pdf.network-load")
    /// A link in a page (Markdown, a diagram's node) to a `javascript:`, `vbscript:` or `data:`
    /// URL (`ScriptURL`): a warning, and the URL is left out of the site.
    package static let scriptURL = Self("lecture.link.script-url")
    /// A built page that holds a path of the machine that built it (the book's folder, the home
    /// folder, the cache, a temporary folder): an error; a warning at its line when the author
    /// wrote it (the page's own text, a file copied into the site).
    package static let machinePathPublished = Self("lecture.site.machine-path")
    /// A cache folder that cannot be written (read-only): a warning, and the run uses a
    /// temporary cache in its place (`UnwritableCache`).
    package static let cacheUnwritable = Self("lecture.cache.unwritable")
    /// A page, included text or copied file that holds a private key or a well-known token
    /// (`SecretScan`): an error, and nothing is written.
    package static let secretPublished = Self("lecture.site.secret")
    /// A copied file the secret scan cannot read all of (xz, bzip2, zstd, 7-Zip, RAR, or what
    /// unpacks past `InflatedBytes.limit`): a warning, and it is copied as it is.
    package static let secretUnscanned = Self("lecture.site.unscanned")
    /// A file of the content folder nested past `PATH_MAX`, in the content folder or in the
    /// output folder, so it cannot be copied into the site (a warning at its path).
    package static let assetNotCopied = Self("lecture.site.not-copied")
    /// A template placeholder that is unknown or not closed.
    package static let templatePlaceholder = Self("lecture.template.placeholder")
    /// A `404.html` that is a whole document instead of the not-found message `page.html` lays out.
    package static let templateWholeDocument = Self("lecture.template.whole-document")
    /// A symbolic link in the content folder that leads nowhere (`serve`; a warning).
    package static let danglingSymlink = Self("lecture.serve.dangling-link")
    /// A page or file under a path `serve` reserves (a warning).
    package static let reservedPath = Self("lecture.serve.reserved-path")

    /// Every identifier above, in the manual's order.
    package static let all: [Self] = [
        unknownSubcommand, badOption, badOptionValue, badArgument, missingToolchain, sampleLibraries, sampleEnvironment,
        sampleSandbox,
        missingChromium, missingContent, missingTemplates, outputRefused, unexpandedPath, initRefused, serveStart,
        serveSettingsChanged,
        fileSystem, subprocess, invalidUTF8, cancelled, unexpected, cacheUnwritable,
        mdBookEnvironment, themeFileUnsupported, themeHeadUnused, folderOutsideBook, librariesOutsideBook,
        allowWarningsEntry,
        bookTOMLSyntax, bookTOMLValue, bookTOMLUnsupported, bookTOMLUnknown, bookTOMLDiagramFont,
        summaryContent, summaryCreatedPage, summaryBadLink, summaryMissingPage, summaryDuplicate, summaryEmpty,
        unlistedPage, pageOutsideBook, outputCollision, outputCaseCollision, outputNonPortableName, pageHeading,
        headingJump, nestingTooDeep,
        bracketsTooMany, quotesTooMany, literalEmphasis, unusedFootnote, repeatedFootnote, undefinedFootnote,
        repeatedHeadingID,
        wordlessHeading,
        infoStringWhitespace, unclosedComment, unclosedElement, unclosedFence, includeFailed, includeUnsupported,
        sampleOutputMismatch, sampleNoOutput, sampleOutputPlacement, sampleOutputWithoutSample, sampleAttributes,
        sampleGroup,
        sampleNotRecognised, sampleAppleFramework, sampleUnexpectedError, sampleInvisibleCharacter,
        bidirectionalControl, invisibleCharacter, sampleSnippetMarker, sampleHiddenLine,
        sampleCompiler,
        sampleCompile, sampleTimeout, sampleCompileTimeout, sampleCompileMemory,
        sampleOutputLimit, sampleFileLimit,
        sampleExit,
        sampleUnstable, sampleTest, sampleUnverifiable, hoverCards, swiftTooDeep, blessRefused,
        tableMalformed, tableAsText, tableTooWide, diagram, diagramNoGraphviz, diagramTimeout, diagramFont,
        figureAttributes,
        brokenLink, brokenAnchor, linkOutside, linkAsText, brokenEmittedURL, scriptURL, machineFileInHTML,
        hiddenScriptURL, baseElement, metaRefresh, pageStyle, networkLoadInPDF,
        machinePathPublished, secretPublished, secretUnscanned, assetNotCopied, fileOutsideBook,
        templatePlaceholder,
        templateWholeDocument,
        danglingSymlink, reservedPath,
    ]
}
