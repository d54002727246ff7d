// LRUCache.hpp — a small header-only cache for decoded images.
#pragma once
#include <list>
#include <unordered_map>
#include <optional>
#include <mutex>

namespace shutterbug::cache {

/* Keys are hashed with std::hash; values are moved in and out.
   Not thread-safe unless you use the locking wrapper below. */
template <typename Key, typename Value>
class LRUCache {
public:
    explicit LRUCache(std::size_t capacity) : capacity_(capacity) {}

    std::optional<Value> get(const Key& key) {
        auto it = index_.find(key);
        if (it == index_.end()) {
            return std::nullopt;
        }
        entries_.splice(entries_.begin(), entries_, it->second);
        return it->second->second;
    }

    void put(Key key, Value value) {
        if (auto it = index_.find(key); it != index_.end()) {
            it->second->second = std::move(value);
            entries_.splice(entries_.begin(), entries_, it->second);
            return;
        }
        entries_.emplace_front(std::move(key), std::move(value));
        index_[entries_.front().first] = entries_.begin();
        while (entries_.size() > capacity_) {
            index_.erase(entries_.back().first);
            entries_.pop_back();
        }
    }

    [[nodiscard]] std::size_t size() const noexcept { return entries_.size(); }

private:
    using Entry = std::pair<Key, Value>;
    std::list<Entry> entries_;
    std::unordered_map<Key, typename std::list<Entry>::iterator> index_;
    std::size_t capacity_ = 0x40;
};

enum class Quality : std::uint8_t { Thumbnail = 1, Preview, Full };

inline const char* describe(Quality q) {
    switch (q) {
    case Quality::Thumbnail: return "thumb";
    case Quality::Preview: return "preview (\"medium\")";
    default: return R"(full\size)";
    }
}

template <typename K, typename V>
class LockedCache {
    LRUCache<K, V> cache_{128};
    mutable std::mutex lock_;
public:
    void put(K k, V v) {
        std::lock_guard<std::mutex> guard(lock_);
        cache_.put(std::move(k), std::move(v));
    }
    virtual ~LockedCache() = default;
};

static_assert(sizeof(Quality) == 1, "Quality must fit in a byte");
constexpr double kScale = 2.0e0 / 1'000;
const char kSeparator = '\\';

} // namespace shutterbug::cache
