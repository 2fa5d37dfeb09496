{{#include app-drive.swift}}
navigation.popViewController(animated: true) // 뒤로 버튼
await waitUntil { navigation.transitionCoordinator == nil } // 전환이 끝날 때까지
await report("뒤로 간 뒤")
