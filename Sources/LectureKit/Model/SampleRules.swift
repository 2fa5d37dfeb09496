/// A book's rules for its Swift samples, from book.toml's `[preprocessor.lecture.samples]` table: whether
/// `lecture build` verifies them, what a fence without an output block means, and which pages
/// continue one program across their fences.
package struct SampleRules: Sendable, Hashable {
    /// What a `swift` fence with no output block under it (and no attribute saying what it is)
    /// is checked for: `without-output`.
    package enum WithoutOutput: String, Sendable, Hashable, CaseIterable {
        /// Compiled and run; it passes when it exits with status 0 (rustdoc's rule, the default).
        case run
        /// Compiled (type-checked and linked), not run, as `no_run`.
        case compile
        /// Shown, not compiled, as `ignore`.
        case show
        /// An error: every runnable sample has an output block (`lecture check --bless` writes it).
        case require
    }

    /// Which pages continue one program across their fences: `continue`.
    package enum Continuation: Sendable, Hashable {
        /// None: each fence (or `group`) is a program of its own.
        case none
        /// Every page (`continue = true`).
        case everyPage
        /// The pages named, by their path in the pages' folder (`continue = ["tour.md"]`).
        case pages(Set<String>)
    }

    /// `verify`: whether `lecture build` and `lecture serve` compile and run the samples (`lecture
    /// check` always does). On for a configuration made in code; book.toml's default is off, as
    /// mdBook, which only `mdbook test` compiles code in.
    package var verify = true
    /// Whether book.toml says `verify = false` in so many words: its build does not end with the
    /// count of samples it did not verify (`BuildReport.unverifiedNote`).
    package var verifyDeclinedInWords = false
    /// `without-output`.
    package var withoutOutput = WithoutOutput.run
    /// `continue`.
    package var continuation = Continuation.none
    /// The modules the book's samples can import besides the toolchain's (its sample libraries,
    /// `SampleLibraries`): an Apple framework among them is compiled against it, one not among
    /// them is not compiled here. `nil` (a configuration made in code): every one is compiled.
    package var providedModules: Set<String>?

    /// The defaults: verified, rustdoc's rule, no continued pages.
    package init() {}

    /// Whether the page at `path` (relative to the pages' folder) continues one program.
    func continues(page path: String) -> Bool {
        switch continuation {
        case .none: false
        case .everyPage: true
        case .pages(let pages): pages.contains(path)
        }
    }
}
