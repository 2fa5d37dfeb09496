import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Copies and compares files through descriptors in bounded memory, never reading a file whole.
///
/// A copy goes through `copy_file_range(2)`, which moves the bytes inside the kernel (and lets a
/// file system that shares extents, Btrfs or XFS, share them), segment by segment of data found
/// with `lseek`'s `SEEK_DATA`/`SEEK_HOLE`, so a sparse file stays sparse; where the kernel refuses
/// (`EXDEV` on old kernels, `ENOSYS`, `EINVAL` on some file systems), 1 MiB at a time through a
/// buffer. GNU `cp` copies the same way.
package enum FileCopy {
    /// The size of the buffer of the fallback copy and of a comparison's two buffers.
    static let chunk = 1 << 20

    /// Copies the regular file open at `source` (read from offset 0) to the empty file open for
    /// writing at `destination`; `false` with `errno` set on failure. Closes neither.
    package static func copy(from source: Int32, to destination: Int32) -> Bool {
        var info = stat()
        guard fstat(source, &info) == 0 else { return false }
        let size = Int64(info.st_size)
        var offset: Int64 = 0
        while offset < size {
            // The next data, and where it ends; without SEEK_DATA the whole rest is data.
            var data = lseek(source, off_t(offset), LECTURE_SEEK_DATA)
            if data < 0 {
                if errno == ENXIO { break }  // only a hole is left
                data = off_t(offset)
            }
            var end = lseek(source, data, LECTURE_SEEK_HOLE)
            if end < 0 { end = off_t(size) }
            guard copyRange(source, destination, from: Int64(data), to: min(Int64(end), size)) else { return false }
            offset = Int64(end)
        }
        // A hole at the end: the size, without writing it.
        return ftruncate(destination, off_t(size)) == 0
    }

    /// Copies bytes `start..<end` of `source` to the same offsets of `destination`.
    private static func copyRange(_ source: Int32, _ destination: Int32, from start: Int64, to end: Int64) -> Bool {
        var input = off_t(start)
        var output = off_t(start)
        while Int64(input) < end {
            let count = lecture_copy_file_range(source, &input, destination, &output, Int(end - Int64(input)))
            if count > 0 { continue }
            if count == 0 { return true }  // the file shrank meanwhile
            if errno == EINTR { continue }
            guard [EXDEV, ENOSYS, EINVAL, EOPNOTSUPP, EPERM].contains(errno) else { return false }
            return bufferedCopy(source, destination, from: Int64(input), to: end)
        }
        return true
    }

    /// The fallback: `pread`/`pwrite` through a buffer of `chunk` bytes.
    private static func bufferedCopy(_ source: Int32, _ destination: Int32, from start: Int64, to end: Int64) -> Bool {
        var buffer = [UInt8](repeating: 0, count: chunk)
        var offset = start
        while offset < end {
            let count = pread(source, &buffer, min(chunk, Int(end - offset)), off_t(offset))
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return false }
            if count == 0 { return true }
            var written = 0
            while written < count {
                let n = buffer.withUnsafeBytes {
                    pwrite(destination, $0.baseAddress! + written, count - written, off_t(offset) + off_t(written))
                }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                written += n
            }
            offset += Int64(count)
        }
        return true
    }

    /// Whether the regular files open at `a` and `b` hold the same bytes (read from offset 0,
    /// `chunk` bytes at a time, up to the first difference).
    package static func sameContent(_ a: Int32, _ b: Int32) -> Bool {
        var infoA = stat()
        var infoB = stat()
        guard fstat(a, &infoA) == 0, fstat(b, &infoB) == 0, infoA.st_mode & S_IFMT == S_IFREG,
            infoB.st_mode & S_IFMT == S_IFREG, infoA.st_size == infoB.st_size
        else { return false }
        let bufferA = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 4096)
        let bufferB = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 4096)
        defer {
            bufferA.deallocate()
            bufferB.deallocate()
        }
        var offset: off_t = 0
        while offset < infoA.st_size {
            let want = min(chunk, Int(infoA.st_size - offset))
            guard read(a, at: offset, into: bufferA, want), read(b, at: offset, into: bufferB, want),
                memcmp(bufferA, bufferB, want) == 0
            else { return false }
            offset += off_t(want)
        }
        return true
    }

    /// Reads exactly `count` bytes at `offset` into `buffer`.
    private static func read(_ fd: Int32, at offset: off_t, into buffer: UnsafeMutableRawPointer, _ count: Int) -> Bool
    {
        var done = 0
        while done < count {
            let n = pread(fd, buffer + done, count - done, offset + off_t(done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}
