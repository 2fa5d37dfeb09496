/// `lecture serve`: not yet available (issue: local preview with live reload).
struct ServeCommand: Subcommand {
    static let name = "serve"
    static let abstract = "Serve the site on localhost and rebuild it on change (not yet available)."
    static let usage = "lecture serve"
    static let options: [OptionSpec] = []

    init(_ arguments: ParsedArguments) throws {}
    func validate() throws {}
    func run(console: Console) throws -> Int32 {
        throw LectureError("error: 'lecture serve' is not implemented yet; use 'lecture build' and open _site/index.html")
    }
}
