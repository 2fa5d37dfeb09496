// A sample that lives in its own file.
let name = "mdBook"
// ANCHOR: body
let name2 = "mdBook"
print("Hello, \(name2)!")
// ANCHOR_END: body
