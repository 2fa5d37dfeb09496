struct ProfileForm {
    let name: String
    let email: String
}

enum ProfileSaveError: Error {
    case emptyName
    case invalidEmail
    case storageUnavailable
}

protocol ProfileSaving {
    func save(_ form: ProfileForm) throws(ProfileSaveError)
}

final class ProfileArchive: ProfileSaving {
    private(set) var lastSaved: ProfileForm?

    func save(_ form: ProfileForm) throws(ProfileSaveError) {
        // 도메인 규칙: 이름이 있고 이메일 형식이 맞아야 저장합니다.
        guard !form.name.isEmpty else { throw .emptyName }
        guard Self.isValidEmail(form.email) else { throw .invalidEmail }
        lastSaved = form // 실제 앱이라면 디스크나 서버에 쓰고, 실패하면 .storageUnavailable을 던집니다.
    }

    static func isValidEmail(_ email: String) -> Bool {
        email.wholeMatch(of: /[^@\s]+@[^@\s]+\.[^@\s]+/) != nil
    }
}
@MainActor
protocol ProfileFormView: AnyObject {
    func showSaveResult(_ message: String)
}

@MainActor
final class ProfileFormPresenter {
    private weak var view: (any ProfileFormView)?
    private let archive: any ProfileSaving

    init(view: any ProfileFormView, archive: any ProfileSaving) {
        self.view = view
        self.archive = archive
    }

    func saveTapped(name: String, email: String) {
        do {
            try archive.save(ProfileForm(name: name, email: email))
            view?.showSaveResult("\(name)님의 프로필을 저장했습니다.")
        } catch {
            view?.showSaveResult(message(for: error))
        }
    }

    // 화면 로직: 저장하지 못한 이유마다 사용자에게 보여 줄 안내 메시지를 정합니다.
    private func message(for error: ProfileSaveError) -> String {
        switch error {
        case .emptyName: "이름을 입력해 주세요."
        case .invalidEmail: "이메일 주소를 확인해 주세요."
        case .storageUnavailable: "지금은 저장할 수 없습니다. 잠시 뒤에 다시 시도해 주세요."
        }
    }
}
