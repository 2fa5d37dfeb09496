import LectureSupport

extension BuildStep {
    /// `NotFound`, for `lecture check`: the book's not-found page (`404.md`, or the page
    /// `[output.html] input-404` names) parsed as `lecture build` parses it when it renders the
    /// page (`NotFoundContent`), so what the build reports of its Markdown, check reports too.
    static let notFoundPage = BuildStep(name: "NotFound") { context in
        guard let source = context.content.notFound else { return }
        context.diagnostics.emit(
            NotFoundContent.made(source, context: context, by: [.parse(verifyingSamplesAlways: true)]).1)
    }
}
