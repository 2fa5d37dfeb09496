import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A symbolic link in the content folder (to a file or a folder outside the book) is not copied
/// into the site, since it could publish a file from outside the book; it is no longer dropped
/// unsaid (as mdBook's #1157 asks): a warning at the link says so and what to do,
/// and a page's link to it says it is not published, where it said "does not exist".
@Suite struct SymbolicLinkAssetBadInputTests {
    @Test func aLinkOutOfTheBookIsWarnedAndALinkToItSaysWhy() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# S\n\n- [A](a.md)\n",
            "content/a.md": "# A\n\n[notes](notes.txt) and [f](shared/f.txt) and [here](here.txt)\n",
            "content/here.txt": "here\n",
            "templates/page.html": TestSupport.minimalPage,
            "outside/secret.txt": "TOPSECRET\n", "outside/folder/f.txt": "F\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(symlink(root + "/outside/secret.txt", root + "/content/notes.txt") == 0)
        #expect(symlink(root + "/outside/folder", root + "/content/shared") == 0)
        let (lines, failed) = try BadInputBook.build(root: root)
        #expect(failed, "\(lines)")
        for link in ["notes.txt", "shared"] {
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        root + "/content/" + link + ": warning: not copied into the site: it is a symbolic link")
                }, "\(link): \(lines)")
        }
        for (written, link) in [("notes.txt", "notes.txt"), ("shared/f.txt", "shared")] {
            #expect(
                lines.contains {
                    $0.contains(
                        "error: broken link: '\(written)' is not published: '\(link)' in the content folder is a symbolic link"
                    )
                }, "\(written): \(lines)")
        }
        #expect(!lines.contains { $0.contains("does not exist in the content folder") }, "\(lines)")
        #expect(!lines.contains { $0.contains("here.txt") }, "a regular file is linked as before: \(lines)")
    }

    /// A theme folder's links (a file of the home folder, `/etc`) were left out without a word
    /// (attack 12): each is warned as the pages' are, and nothing of their targets is published.
    @Test func aThemesLinksAreWarnedAndNotCopied() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# S\n\n- [A](a.md)\n", "content/a.md": "# A\n",
            "templates/page.html": TestSupport.minimalPage, "templates/assets/kept.css": "p {}\n",
            "outside/secret.txt": "TOPSECRET\n", "outside/folder/f.txt": "F\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(symlink(root + "/outside/secret.txt", root + "/templates/assets/leak.txt") == 0)
        #expect(symlink(root + "/outside/folder", root + "/templates/folder-link") == 0)
        let (lines, failed) = try BadInputBook.build(root: root)
        #expect(!failed, "\(lines)")
        for link in ["assets/leak.txt", "folder-link"] {
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        root + "/templates/" + link + ": warning: not copied into the site: it is a symbolic link")
                }, "\(link): \(lines)")
        }
        #expect(lines.contains { $0.contains("copy the file (or folder) into the theme folder") }, "\(lines)")
        #expect(FileSystem.exists(HashedSitePath.of("assets/kept.css", in: root + "/_site")))
        #expect(!FileSystem.exists(root + "/_site/assets/leak.txt") && !FileSystem.exists(root + "/_site/folder-link"))
    }

    /// A book whose links are never linked to still builds, each link warned, nothing of the
    /// targets in the site.
    @Test func anUnlinkedLinkIsWarnedAndNothingOfItsTargetIsPublished() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# S\n\n- [A](a.md)\n", "content/a.md": "# A\n",
            "templates/page.html": TestSupport.minimalPage, "outside/secret.txt": "TOPSECRET\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(symlink(root + "/outside/secret.txt", root + "/content/notes.txt") == 0)
        let (lines, failed) = try BadInputBook.build(root: root)
        #expect(!failed, "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix(root + "/content/notes.txt: warning: not copied into the site") }, "\(lines)")
        #expect(!FileSystem.exists(root + "/_site/notes.txt"))
    }

    /// A link that stays inside the book (`loop -> .`, `alias.txt -> a.md`) is warned without the
    /// claim that it leads out of the book (attack 9, noticed and left alone there).
    @Test func aLinkInsideTheBookIsNotSaidToLeadOutOfIt() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# S\n\n- [A](a.md)\n", "content/a.md": "# A\n",
            "templates/page.html": TestSupport.minimalPage, "outside/secret.txt": "TOPSECRET\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(symlink(".", root + "/content/loop") == 0)
        #expect(symlink("a.md", root + "/content/alias.txt") == 0)
        #expect(symlink(root + "/outside/secret.txt", root + "/content/notes.txt") == 0)
        let (lines, _) = try BadInputBook.build(root: root)
        for link in ["loop", "alias.txt"] {
            #expect(
                lines.contains {
                    $0.hasPrefix(root + "/content/\(link): warning: not copied into the site")
                        && $0.contains("never a link, even one that leads inside the book")
                }, "\(link): \(lines)")
        }
        #expect(
            lines.contains {
                $0.hasPrefix(root + "/content/notes.txt: warning:") && $0.contains("from outside the book")
            }, "\(lines)")
    }

    /// A link into a dot-folder (`content/data.txt -> ../.secrets/k.txt`, `content/inner.txt ->
    /// .hidden/k.txt`) or to a dot-file says the rule that leaves it out, as the other refusals
    /// do, not "from outside the book" (attack 17, k40); nothing of it is published.
    @Test func aLinkIntoADotFolderSaysTheDotFolderRule() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# S\n\n- [A](a.md)\n", "content/a.md": "# A\n",
            "templates/page.html": TestSupport.minimalPage, ".secrets/k.txt": "TOPSECRET\n",
            "content/.hidden/k.txt": "TOPSECRET\n", ".env": "TOPSECRET\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(symlink("../.secrets/k.txt", root + "/content/data.txt") == 0)
        #expect(symlink(".hidden/k.txt", root + "/content/inner.txt") == 0)
        #expect(symlink("../.env", root + "/content/env.txt") == 0)
        let (lines, _) = try BadInputBook.build(root: root)
        for (link, what) in [
            ("data.txt", "a dot-folder ('.secrets')"), ("inner.txt", "a dot-folder ('.hidden')"),
            ("env.txt", "a dot-file ('.env')"),
        ] {
            let line = lines.first { $0.hasPrefix(root + "/content/\(link): warning: not copied into the site") }
            #expect(
                line?.contains("into \(what), and lecture leaves out dotfiles and dot-folders everywhere") == true,
                "\(lines)")
            #expect(line?.contains("outside the book") == false, "\(lines)")
            #expect(!FileSystem.exists(root + "/_site/" + link))
        }
    }
}
