// expected-error: mutation of captured var 'rejected' in concurrently-executing code
// A filter runs on whichever thread sets the source, so it is @Sendable: counting rejections
// in a captured var would be a data race, and Swift 6 refuses it.
import Bindery

@Dynamic final class Form {
    var code = ""
}

func bind(_ form: Form) {
    var rejected = 0
    Bind.in(form, \.code).filter { code in
        if code.count > 3 {
            rejected += 1
            return false
        }
        return true
    }
    print(rejected)
}
