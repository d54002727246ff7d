//
//  PhotoFeedController.m
//  Shutterbug — the sample project from "Objective-C isn't dead yet".
//
#import <UIKit/UIKit.h>
#import "PhotoFeedController.h"
#include "thumbnail_cache.h"

#define kFeedURL @"https://example.com/feed.json?limit=50"
static NSString * const kCellID = @"PhotoCell";
static const CGFloat kThumbSize = 96.0;

@class Photo, PhotoCell;
@protocol PhotoFeedDelegate;

@interface PhotoFeedController () <UITableViewDataSource, UITableViewDelegate>
@property (nonatomic, strong) NSMutableArray<Photo *> *photos;
@property (nonatomic, copy, nullable) void (^onRefresh)(NSInteger count);
@property (nonatomic, weak) id<PhotoFeedDelegate> delegate;
@end

@implementation PhotoFeedController {
    BOOL _loading;
    NSUInteger _page;
}

- (instancetype)initWithStyle:(UITableViewStyle)style
{
    if ((self = [super initWithStyle:style])) {
        _photos = [NSMutableArray array];
        _page = 1;
    }
    return self;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NSLocalizedString(@"Feed", @"title of the \"feed\" tab");
    [self.tableView registerClass:[PhotoCell class] forCellReuseIdentifier:kCellID];
    [self reloadFeed:nil];
}

- (void)reloadFeed:(id)sender {
    if (_loading) return;   /* a refresh is already running */
    _loading = YES;
    NSDictionary *params = @{ @"page": @(_page), @"size": @(kThumbSize * 2), @"hd": @YES };
    NSArray *tags = @[ @"mac", @"ios", @"indie" ];
    __weak typeof(self) weakSelf = self;
    NSURL *url = [NSURL URLWithString:kFeedURL];
    [[NSURLSession.sharedSession dataTaskWithURL:url
                               completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        __strong typeof(weakSelf) strongSelf = weakSelf;
        if (error != nil || strongSelf == nil) {
            NSLog(@"feed failed: %@ (tags %@, params %@)", error.localizedDescription, tags, params);
            return;
        }
        NSArray *json = [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL];
        dispatch_async(dispatch_get_main_queue(), ^{
            [strongSelf.photos addObjectsFromArray:json];
            strongSelf->_loading = NO;
            if (strongSelf.onRefresh) strongSelf.onRefresh((NSInteger)json.count);
        });
    }] resume];
}

#pragma mark - UITableViewDataSource

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return (NSInteger)self.photos.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    PhotoCell *cell = [tableView dequeueReusableCellWithIdentifier:kCellID forIndexPath:indexPath];
    char initial = [self.photos[indexPath.row].author characterAtIndex:0] ?: '?';
    cell.textLabel.text = [NSString stringWithFormat:@"%c\t%@", initial, @(indexPath.row + 1)];
    return cell;
}

@end
