import Foundation
enum HugoImporter { static func read(_ root: URL) throws(ImportFailure) -> ImportedSite { throw ImportFailure("importing from Hugo is not built yet") } }
