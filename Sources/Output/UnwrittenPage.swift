/// What a page's path holds while serve has announced an edit and not yet written
/// it (`IncrementalBuilder.page(atOutputPath:)`).
public enum UnwrittenPage: Sendable, Equatable {
    /// The output folder's file is current (or not a page of the site).
    case onDisk
    /// The page as it is now (its file is out of date or not there yet).
    case page([UInt8])
    /// The page was removed by the edit (its file is still there).
    case gone
}
