package com.example.shutterbug.feed

import kotlinx.coroutines.flow.*
import kotlinx.serialization.Serializable

/* The Android half of the feed screen. /* Nested comments are fine in Kotlin. */ */

@Serializable
data class Photo(val id: Long, val author: String, val url: String?, val likes: Int = 0)

sealed interface FeedState {
    object Loading : FeedState
    data class Loaded(val photos: List<Photo>) : FeedState
    data class Failed(val message: String) : FeedState
}

class FeedViewModel(private val api: FeedApi) {
    private val _state = MutableStateFlow<FeedState>(FeedState.Loading)
    val state: StateFlow<FeedState> = _state.asStateFlow()
    var page = 1
        private set

    suspend fun refresh(force: Boolean = false) {
        if (!force && _state.value is FeedState.Loaded) return
        _state.value = try {
            val photos = api.fetch(page = page, limit = 50)
            FeedState.Loaded(photos.filter { it.url != null })
        } catch (e: Exception) {
            FeedState.Failed("Could not load page $page: ${e.message ?: "unknown"}")
        }
    }

    fun summary(): String {
        val loaded = _state.value as? FeedState.Loaded ?: return "nothing yet"
        val (top, rest) = loaded.photos.sortedByDescending { it.likes }.let { it.first() to it.drop(1) }
        return """
            |Top photo: ${top.author} (${top.likes} likes)
            |Others: ${rest.joinToString { "\"${it.author}\"" }}
            |Path: C:\\photos\\${top.id}.jpg
        """.trimMargin()
    }
}

fun List<Photo>.totalLikes(): Int = sumOf { it.likes }

private fun String.initials(): String = split(' ')
    .mapNotNull { word -> word.firstOrNull()?.uppercaseChar() }
    .joinToString("")

fun main() {
    val photos = listOf(Photo(1L, "Ana", "https://example.com/1.jpg", likes = 12),
                        Photo(2L, "Bo Lin", null))
    outer@ for (photo in photos) {
        if (photo.url == null) continue@outer
        val ratio = photo.likes / 3.0f
        println("${photo.author.initials()}\t${"%.2f".format(ratio)} ${'$'}")
    }
    println(photos.totalLikes() !in 0..10)
}
