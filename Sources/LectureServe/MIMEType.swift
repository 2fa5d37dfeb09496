/// The `Content-Type` of a served file, chosen by its extension.
///
/// Types follow the IANA media type registry and the WHATWG MIME Sniffing standard's list
/// (`text/javascript` for both `.js` and `.mjs`, RFC 9239). Text types carry
/// `charset=utf-8`, because every text file the build writes is UTF-8 and a browser would
/// otherwise guess (windows-1252 for CSS and JavaScript). Anything unknown is
/// `application/octet-stream`.
enum MIMEType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json; charset=utf-8",
        "map": "application/json; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "svg": "image/svg+xml; charset=utf-8",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/vnd.microsoft.icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "wasm": "application/wasm",
        "pdf": "application/pdf",
        "bmp": "image/bmp",
        "apng": "image/apng",
        "jxl": "image/jxl",
        "tif": "image/tiff",
        "tiff": "image/tiff",
        "mp4": "video/mp4",
        "m4v": "video/mp4",
        "webm": "video/webm",
        "ogv": "video/ogg",
        "mov": "video/quicktime",
        "mp3": "audio/mpeg",
        "m4a": "audio/mp4",
        "aac": "audio/aac",
        "oga": "audio/ogg",
        "ogg": "audio/ogg",
        "opus": "audio/ogg",
        "wav": "audio/wav",
        "flac": "audio/flac",
        "vtt": "text/vtt; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "toml": "application/toml; charset=utf-8",
        "webmanifest": "application/manifest+json; charset=utf-8",
        "eot": "application/vnd.ms-fontobject",
        "zip": "application/zip",
        "gz": "application/gzip",
        "tar": "application/x-tar",
    ]

    /// The type for a file name or path: `style.css` → `text/css; charset=utf-8`.
    /// The extension is matched case-insensitively.
    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// Whether a `Content-Type` is HTML, the only kind the live-reload script goes into.
    static func isHTML(_ type: String) -> Bool { type.hasPrefix("text/html") }
}
