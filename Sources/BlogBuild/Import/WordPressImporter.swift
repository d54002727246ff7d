import Foundation
enum WordPressImporter { static func read(_ file: URL, uploads: URL?) throws(ImportFailure) -> ImportedSite { throw ImportFailure("importing from WordPress is not built yet") } }
