/// Every node carries a `SourceRange`, so a client of the Markdown module sees the source
/// locations too, as when they lived here (they moved down so diagnostics need not depend on
/// Markdown).
@_exported import SourceText
