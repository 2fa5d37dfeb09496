import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An error from Foundation, the C library or lecture itself, as one phrase in lecture's words, for
/// the end of a diagnostic's summary (`cannot write file: REASON`). Foundation's own sentences
/// (`The file name is invalid. (NSCocoaErrorDomain 514)`, attack 16, k17) never reach a person:
/// a Foundation file error is told by the `errno` behind it (its underlying POSIX error, else the
/// one its code stands for), in the C library's words (`strerror`), with the limit it met named
/// when it is a length (`PathLimits`).
package enum SystemErrorText {
    /// Why `error` happened. A `LectureError` or `Diagnostic` gives its own summaries; a POSIX or
    /// Foundation file error its `errno`'s meaning (`meaning(ofErrno:)`); any other error its
    /// description (lecture's own error types describe themselves in its words).
    package static func reason(of error: any Error) -> String {
        if let lecture = error as? LectureError {
            return lecture.diagnostics.map { ($0.path.isEmpty ? "" : "\($0.path): ") + $0.summary }
                .joined(separator: "; ")
        }
        if let diagnostic = error as? Diagnostic { return diagnostic.summary }
        if let posix = error as? POSIXError { return meaning(ofErrno: posix.code.rawValue) }
        if let code = errno(of: error) { return meaning(ofErrno: code) }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain {
            // No errno to tell: what failed, never Foundation's sentence.
            return nsError.code >= 256 && nsError.code < 512
                ? "the system refused to read it (Foundation's error \(nsError.code))"
                : "the system refused it (Foundation's error \(nsError.code))"
        }
        return "\(error)"
    }

    /// The `errno` behind a POSIX or Foundation file error: its own code, its underlying POSIX
    /// error's, or the one a Foundation file error's code stands for (swift-corelibs-foundation
    /// maps each of these from one `errno` and does not always keep it); `nil` for any other.
    package static func errno(of error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        guard nsError.domain == NSCocoaErrorDomain else { return nil }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error, let code = errno(of: underlying) {
            return code
        }
        return cocoaErrno[nsError.code]
    }

    /// Foundation's file error codes (`CocoaError.Code`) and the `errno` each is made from.
    static let cocoaErrno: [Int: Int32] = [
        4: ENOENT, 260: ENOENT,  // fileNoSuchFile, fileReadNoSuchFile
        257: EACCES, 513: EACCES,  // fileReadNoPermission, fileWriteNoPermission
        258: ENAMETOOLONG, 514: ENAMETOOLONG,  // fileReadInvalidFileName, fileWriteInvalidFileName
        263: EFBIG,  // fileReadTooLarge
        516: EEXIST,  // fileWriteFileExists
        640: ENOSPC,  // fileWriteOutOfSpace
        642: EROFS,  // fileWriteVolumeReadOnly
    ]

    /// `code`'s meaning in the C library's words, with the limit named for a length.
    package static func meaning(ofErrno code: Int32) -> String {
        let text = String(cString: strerror(code))
        switch code {
        case ENAMETOOLONG:
            return
                "\(text): a name in the path is longer than the file system allows (\(PathLimits.defaultNameLimit) bytes, NAME_MAX) or the whole path longer than \(PathLimits.pathLimit - 1) bytes (PATH_MAX)"
        case ELOOP: return "\(text): the path goes through too many symbolic links, or a loop of them"
        default: return text
        }
    }
}
