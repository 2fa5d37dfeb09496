import Foundation
import LectureSupport
import Synchronization

/// What the compiler says about one identifier (or closure) of a program, for a hover card.
package struct DeclarationCard: Hashable, Sendable {
    /// What the card describes.
    package enum Kind: String, Hashable, Sendable, Codable {
        /// A declaration or a reference to one: `let greeting: Box<String>`, `func bind(to:)`.
        case declaration
        /// A closure (the card sits on its `{`): its type, `(Int) -> String`.
        case closure
    }

    /// Where the identifier starts, in UTF-8 bytes from the start of the program.
    package var offset: Int
    /// Its length in UTF-8 bytes.
    package var length: Int
    /// The declaration as the compiler prints it (SourceKit's annotated declaration, as text),
    /// or a closure's type.
    package var text: String
    /// A declaration or a closure.
    package var kind: Kind
    /// Whether the identifier declares a variable or constant whose type was inferred.
    package var inferred: Bool
}

/// Hover cards from SourceKit: `source.request.cursorinfo` at each identifier (its annotated
/// declaration), `source.request.variable.type` (which declarations' types were inferred) and
/// `source.request.expression.type` (closures' types), the requests SourceKit-LSP's hover and
/// inlay hints use.
package enum DeclarationCards {
    /// The cards of `program`, compiled as `arguments` (swiftc's flags, without the file), named
    /// `file` (a path that need not exist). Stops at `timeout` seconds: the answer then holds
    /// the cards found so far and `complete` is false.
    package static func cards(program: String, file: String, arguments: [String], sourceKit: SourceKit, timeout: Double)
        -> (cards: [DeclarationCard], complete: Bool)
    {
        let query = Query(program: program, file: file, arguments: arguments + [file], sourceKit: sourceKit)
        let finished = DispatchSemaphore(value: 0)
        // One program at a time (requests about two programs at once sometimes come back empty
        // while the other's AST is being built); the time limit starts when this one's turn
        // does, and a program cut short holds the turn until its last request returns.
        oneProgramAtATime.wait()
        Thread.detachNewThread {
            query.run()
            finished.signal()
            oneProgramAtATime.signal()
        }
        let complete = finished.wait(timeout: .now() + timeout) == .success
        query.stop()
        return (query.cards, complete)
    }

    /// Whether a program's requests still run after `seconds` of waiting: a look-up cut short by
    /// its time limit holds its turn until its last request returns (`cards`), and that request
    /// runs in this process (in-process sourcekitd) on its own thread.
    package static func lookUpStillRuns(waiting seconds: Double) -> Bool {
        guard oneProgramAtATime.wait(timeout: .now() + seconds) == .success else { return true }
        oneProgramAtATime.signal()
        return false
    }

    /// `text` (a declaration as SourceKit prints it) without a leading `@MainActor` the program
    /// does not write: Swift 6 isolates top-level code's variables to the main actor (and
    /// `-default-isolation MainActor` every declaration), and SourceKit prints that isolation as
    /// an attribute, so `let numbers = [3, 1, 2]` read `@MainActor let numbers: [Int]`, an
    /// attribute a reader looks for in the code and does not find. `declaredAt` is the
    /// declaration's offset in the program, `nil` when it is declared elsewhere (a library, the
    /// standard library), whose cards stay as SourceKit prints them; `writtenMainActor` are the
    /// program's declarations that write `@MainActor` (a member of such a type keeps it too).
    static func withoutImplicitMainActor(_ text: String, declaredAt: Int?, writtenMainActor: [Range<Int>]) -> String {
        guard let declaredAt, !writtenMainActor.contains(where: { $0.contains(declaredAt) }) else { return text }
        // The leading attributes, up to the first word that is not one (`let`, `func`, `final`).
        var words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard let index = words.prefix(while: { $0.hasPrefix("@") }).firstIndex(of: "@MainActor") else { return text }
        words.remove(at: index)
        return words.joined(separator: " ")
    }

    /// SourceKit's annotated declaration (`<Declaration>let x: <Type usr="…">Int</Type></Declaration>`)
    /// as plain text: the text between its tags, with XML's five entities (`&lt;`, `&gt;`, `&amp;`,
    /// `&quot;`, `&apos;`) and character references (`&#60;`, `&#x3C;`) decoded; `nil` when it is not
    /// such markup (a `<` without its `>`, an `&` that starts none of these). Read here rather than
    /// with Foundation's XML parser, whose library (and libxml2's, ICU's) every run would load.
    package static func plainText(ofAnnotated xml: String) -> String? {
        var text = String.UnicodeScalarView()
        var rest = Substring(xml).unicodeScalars
        while let special = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            text.append(contentsOf: rest[..<special])
            let isTag = rest[special] == "<"
            guard let end = isTag ? tagEnd(in: rest[special...]) : rest[special...].firstIndex(of: ";") else {
                return nil
            }
            if !isTag {
                guard let scalar = xmlCharacter(named: Substring(rest[rest.index(after: special)..<end])) else {
                    return nil
                }
                text.append(scalar)
            }
            rest = rest[rest.index(after: end)...]
        }
        text.append(contentsOf: rest)
        return String(text)
    }

    /// The `>` that ends the tag `tag` starts with, past any quoted attribute value (where XML
    /// allows a `>`), or `nil`.
    private static func tagEnd(in tag: Substring.UnicodeScalarView) -> String.Index? {
        var quote: Unicode.Scalar?
        for index in tag.indices {
            let scalar = tag[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return index
            }
        }
        return nil
    }

    /// The character an XML reference names (between `&` and `;`), or `nil`.
    private static func xmlCharacter(named name: Substring) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let number = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return number.flatMap(Unicode.Scalar.init)
        }
    }
}

/// Taken while a program's requests run.
private let oneProgramAtATime = DispatchSemaphore(value: 1)

/// One program's requests, run on a thread of their own; `stop()` ends them between requests.
private final class Query: Sendable {
    let program: String
    let file: String
    let arguments: [String]
    let sourceKit: SourceKit
    private let found = Locked<[DeclarationCard]>([])
    private let stopped = Atomic<Bool>(false)

    init(program: String, file: String, arguments: [String], sourceKit: SourceKit) {
        self.program = program
        self.file = file
        self.arguments = arguments
        self.sourceKit = sourceKit
    }

    var cards: [DeclarationCard] { found.withLock { $0 } }
    func stop() { stopped.store(true, ordering: .releasing) }
    private var isStopped: Bool { stopped.load(ordering: .acquiring) }
    private func add(_ card: DeclarationCard) { found.withLock { $0.append(card) } }

    static func slice(_ text: String, _ offset: Int, _ length: Int) -> String {
        let bytes = text.utf8.dropFirst(offset).prefix(length)
        return String(decoding: bytes, as: UTF8.self)
    }

    func run() {
        guard ParsingLimit.allowsParsing(program) else { return }
        let targets = SwiftSyntaxLibrary.table.cardTargets(program)
        guard
            (try? sourceKit.send([
                "key.request": .uid("source.request.editor.open"), "key.name": .string(file),
                "key.sourcetext": .string(program), "key.compilerargs": .strings(arguments),
                "key.enablesyntaxmap": .integer(0), "key.enablesubstructure": .integer(0),
                "key.syntactic_only": .integer(1),
            ])) != nil
        else { return }
        defer {
            _ = try? sourceKit.send(["key.request": .uid("source.request.editor.close"), "key.name": .string(file)])
        }

        var inferred: Set<Int> = []
        if let answer = try? sourceKit.send([
            "key.request": .uid("source.request.variable.type"), "key.sourcefile": .string(file),
            "key.compilerargs": .strings(arguments),
        ]),
            let list = answer["key.variable_type_list"] as? [[String: Any]]
        {
            // A flag, which JSON may spell as a number or a boolean.
            for entry in list
            where (entry["key.variable_type_explicit"] as? Int) == 0
                || (entry["key.variable_type_explicit"] as? Bool) == false
            {
                if let offset = entry["key.variable_offset"] as? Int { inferred.insert(offset) }
            }
        }
        for target in targets.identifiers {
            if isStopped { return }
            // SourceKit now and then fails a request while another program's AST is being
            // built (an empty error); a second try answers.
            let request: KeyValuePairs<String, SourceKit.Value> = [
                "key.request": .uid("source.request.cursorinfo"), "key.sourcefile": .string(file),
                "key.offset": .integer(target.offset), "key.compilerargs": .strings(arguments),
            ]
            let attempt = Result { try sourceKit.send(request) }.flatMapError { _ in
                Result { try sourceKit.send(request) }
            }
            guard let info = try? attempt.get(),
                let annotated = info["key.annotated_decl"] as? String,
                let printed = DeclarationCards.plainText(ofAnnotated: annotated), !printed.isEmpty,
                // A generic parameter's card is its own name: nothing to learn.
                printed != Self.slice(program, target.offset, target.length)
            else { continue }
            // Where the declaration is, when it is in this program (SourceKit names the file).
            let declaredAt = (info["key.filepath"] as? String) == file ? info["key.offset"] as? Int : nil
            let text = UnderscoredNames.hidden(
                from: DeclarationCards.withoutImplicitMainActor(
                    printed, declaredAt: declaredAt, writtenMainActor: targets.writtenMainActor))
            add(
                DeclarationCard(
                    offset: target.offset, length: target.length, text: text, kind: .declaration,
                    inferred: inferred.contains(target.offset)))
        }
        if targets.closures.isEmpty || isStopped { return }
        guard
            let answer = try? sourceKit.send([
                "key.request": .uid("source.request.expression.type"), "key.sourcefile": .string(file),
                "key.compilerargs": .strings(arguments), "key.expectedtypes": .strings([]),
            ]),
            let list = answer["key.expression_type_list"] as? [[String: Any]]
        else { return }
        var types: [Int: (length: Int, type: String)] = [:]
        for entry in list {
            guard let offset = entry["key.expression_offset"] as? Int,
                let length = entry["key.expression_length"] as? Int,
                let type = entry["key.expression_type"] as? String
            else { continue }
            types[offset] = (length, type)
        }
        for closure in targets.closures {
            guard let found = types[closure.offset], found.length == closure.length else { continue }
            add(DeclarationCard(offset: closure.offset, length: 1, text: found.type, kind: .closure, inferred: true))
        }
    }
}
