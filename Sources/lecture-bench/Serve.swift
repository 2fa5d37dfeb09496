import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Part 3: the preview loop. With `lecture serve` running on the book, the time from saving a
/// page to the reload event on its Server-Sent Events stream.
///
/// `lecture serve` is someone else's work in progress: this only uses it when `lecture serve
/// --help` works and does not call it unavailable, passes only the options its help lists, and
/// finds the event stream from the served page's `EventSource(...)`, the serve sources or a few
/// usual paths, keeping the one that answers `text/event-stream`.
enum ServeBench {
    struct Outcome {
        var available: Bool
        var reason: String
        var latencies: [Double] = []
        var endpoint = ""
        var updated = false
        var firstEventOnly = false
    }

    static func measure(
        lecture: String, root: String, cacheDirectory: String, pagePath: String, repo: String, edits: Int = 5,
        readyWithin: Double = 240
    ) -> Outcome {
        guard let help = try? Run.measure(lecture, ["serve", "--help"], timeout: 30) else {
            return Outcome(available: false, reason: "lecture serve not available")
        }
        let helpText = help.stdout + help.stderr
        let lowered = helpText.lowercased()
        if !help.succeeded || lowered.contains("not implemented") || lowered.contains("not yet available")
            || lowered.contains("unknown subcommand") || lowered.contains("unknown command")
        {
            return Outcome(available: false, reason: "lecture serve not available")
        }

        let port = freeLoopbackPort()
        var arguments = ["serve"]
        if helpText.contains("--content") { arguments += ["--content", "content"] }
        if helpText.contains("--templates") { arguments += ["--templates", "site-templates"] }
        if helpText.contains("--output") { arguments += ["--output", "_serve-site"] }
        if helpText.contains("--cache-dir") { arguments += ["--cache-dir", cacheDirectory] }
        if helpText.contains("--port") { arguments += ["--port", String(port)] }
        if helpText.contains("--no-open") { arguments += ["--no-open"] }
        let outPath = root + "/serve.out"
        let errPath = root + "/serve.err"
        guard
            let pid = try? Run.spawn(
                lecture, arguments, directory: root, environment: ["LECTURE_CACHE_DIR": cacheDirectory],
                stdoutPath: outPath, stderrPath: errPath)
        else {
            return Outcome(available: false, reason: "lecture serve did not start")
        }
        defer {
            kill(-pid, SIGTERM)
            var status: Int32 = 0
            let stopBy = now() + 3
            while waitpid(pid, &status, WNOHANG) == 0 && now() < stopBy { usleep(20_000) }
            kill(-pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        func exited() -> Bool {
            var status: Int32 = 0
            return waitpid(pid, &status, WNOHANG) == pid
        }
        func logs() -> String { Files.read(outPath) + Files.read(errPath) }

        // Ready when the page answers 200 (the first build of the book may take a while).
        var host = "127.0.0.1"
        var servedPort = port
        var index = ""
        let readyBy = now() + readyWithin
        var ready = false
        while now() < readyBy && !ready {
            if exited() {
                let tail = logs().split(separator: "\n").suffix(2).joined(separator: " / ")
                return Outcome(available: false, reason: "lecture serve exited: \(tail)")
            }
            if let (h, p) = announcedAddress(logs()) {
                host = h
                servedPort = p
            }
            if let connection = try? HTTPConnection(host: host, port: servedPort),
                (try? connection.get("/", host: "\(host):\(servedPort)", deadline: now() + 5)) != nil,
                connection.status == 200
            {
                index = (try? connection.readBody(deadline: now() + 5)) ?? ""
                ready = true
            } else {
                usleep(200_000)
            }
        }
        guard ready else {
            return Outcome(
                available: false,
                reason: "lecture serve did not answer on \(host):\(servedPort) within \(Int(readyWithin)) s")
        }
        // Let the first build settle.
        sleep(2)

        // Find the event stream.
        var candidates: [String] = []
        if let match = index.range(of: #"EventSource\(\s*["'`]([^"'`]+)["'`]"#, options: .regularExpression) {
            let literal = index[match].split(whereSeparator: { "\"'`".contains($0) }).dropFirst().first.map(String.init)
            if let literal {
                candidates.append(literal.hasPrefix("/") || literal.hasPrefix("http") ? literal : "/" + literal)
            }
        }
        candidates += endpointsInSources(repo)
        candidates += [
            "/__lecture/events", "/__livereload", "/_events", "/events", "/livereload", "/__reload", "/sse", "/reload",
        ]
        var stream: HTTPConnection?
        var endpoint = ""
        for candidate in NSOrderedSet(array: candidates).array as! [String] {
            var path = candidate
            if let url = URL(string: candidate), url.scheme != nil { path = url.path.isEmpty ? "/" : url.path }
            guard let connection = try? HTTPConnection(host: host, port: servedPort),
                (try? connection.get(
                    path, host: "\(host):\(servedPort)", accept: "text/event-stream", deadline: now() + 3)) != nil,
                connection.status == 200, connection.headers["content-type"]?.contains("text/event-stream") == true
            else { continue }
            stream = connection
            endpoint = path
            break
        }
        guard let stream else {
            return Outcome(
                available: false,
                reason: "lecture serve runs, but no text/event-stream endpoint found (tried \(candidates.count))")
        }

        // Drain whatever the stream sends on connect, then save the page and wait for the event.
        while (try? stream.nextEvent(deadline: now() + 1)) ?? nil != nil {}
        let file = root + "/content/" + pagePath
        let original = Files.read(file)
        defer { try? Files.write(original, to: file) }
        var outcome = Outcome(available: true, reason: "", endpoint: endpoint)
        for edit in 1...edits {
            let marker = "벤치마크 편집 표식 \(edit)-\(getpid())"
            let text = original + "\n\(marker)입니다.\n"
            let start = now()
            guard let handle = FileHandle(forWritingAtPath: file) else { break }
            handle.truncateFile(atOffset: 0)
            handle.write(Data(text.utf8))
            handle.closeFile()
            var latency: Double?
            var firstEvent: Double?
            let deadline = start + 15
            while now() < deadline {
                guard let event = try? stream.nextEvent(deadline: deadline) else { break }
                let at = now() - start
                if firstEvent == nil { firstEvent = at }
                if event.joined(separator: "\n").lowercased().contains("reload") {
                    latency = at
                    break
                }
            }
            if latency == nil, let firstEvent {
                latency = firstEvent
                outcome.firstEventOnly = true
            }
            guard let latency else {
                note("serve: no event within 15 s of edit \(edit)")
                break
            }
            outcome.latencies.append(latency)
            note(String(format: "serve: edit %d → reload event in %.0f ms", edit, latency * 1000))
            if edit == edits {
                // Sanity: the served page now carries the edit.
                let htmlPath = "/" + pagePath.replacingOccurrences(of: ".md", with: ".html")
                if let connection = try? HTTPConnection(host: host, port: servedPort),
                    (try? connection.get(htmlPath, host: "\(host):\(servedPort)", deadline: now() + 5)) != nil
                {
                    outcome.updated = ((try? connection.readBody(deadline: now() + 5)) ?? "").contains(marker)
                }
            }
            // Let the watcher settle, and drop any trailing events, before the next save.
            while (try? stream.nextEvent(deadline: now() + 1)) ?? nil != nil {}
        }
        if outcome.latencies.isEmpty {
            outcome.available = false
            outcome.reason = "lecture serve sent no event after a save (stream \(endpoint))"
        }
        return outcome
    }

    /// `http://127.0.0.1:8000` or `localhost:8000` in what the server printed.
    static func announcedAddress(_ text: String) -> (String, Int)? {
        guard
            let range = text.range(
                of: #"https?://(127\.0\.0\.1|localhost|0\.0\.0\.0|\[::1\]):[0-9]+"#, options: .regularExpression)
        else { return nil }
        let address = text[range].replacingOccurrences(of: "http://", with: "").replacingOccurrences(
            of: "https://", with: "")
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]) else {
            return nil
        }
        var host = String(address[..<colon])
        if host == "0.0.0.0" { host = "127.0.0.1" }
        if host == "[::1]" { host = "::1" }
        return (host, port)
    }

    /// String literals that look like paths in the serve sources that mention text/event-stream.
    static func endpointsInSources(_ repo: String) -> [String] {
        var found: [String] = []
        let directories = [repo + "/Sources/LectureServe", repo + "/Sources/LectureKit/CommandLine"]
        for directory in directories {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            where name.hasSuffix(".swift") {
                let text = Files.read(directory + "/" + name)
                guard text.contains("event-stream") || text.contains("EventSource") else { continue }
                var rest = text[...]
                while let range = rest.range(of: #""/[A-Za-z0-9_./-]+""#, options: .regularExpression) {
                    let literal = String(rest[range].dropFirst().dropLast())
                    if !literal.hasSuffix(".html") && !literal.hasSuffix(".css") && !literal.hasSuffix(".js")
                        && literal != "/"
                    {
                        found.append(literal)
                    }
                    rest = rest[range.upperBound...]
                }
            }
        }
        // Paths that name events or reloads first.
        return found.sorted { a, b in
            let score = { (s: String) in
                ["event", "reload", "live", "sse"].contains { s.lowercased().contains($0) } ? 0 : 1
            }
            return score(a) < score(b)
        }
    }
}
