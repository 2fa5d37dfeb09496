import LectureKit

/// The subcommands that serve a site over HTTP (libmicrohttpd, `HTTPServer`), in the order
/// `lecture --help` lists them after the built-in ones: `pdf` (the site served to Chromium
/// for the print) and `serve` (the preview).
package enum HTTPSubcommands {
    /// `[PDFCommand.self, ServeCommand.self]`, what `main.swift` passes as `extraSubcommands`
    /// (computed, as `LectureCommand.builtInSubcommands` is: a stored array of metatypes is
    /// global mutable-looking state Swift 6 cannot prove safe to share between threads).
    package static var all: [any Subcommand.Type] { [PDFCommand.self, ServeCommand.self] }
}
