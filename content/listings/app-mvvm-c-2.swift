{{#include app-drive.swift}}
let popped = navigation.popViewController(animated: true) // 뒤로 버튼
await waitUntil { popped?.isMovingFromParent == false } // 전환이 끝날 때까지
await report("뒤로 간 뒤")
