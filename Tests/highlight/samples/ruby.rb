# frozen_string_literal: true

require "time"
require_relative "lib/slug"

module Blog
  # A post read from a Markdown file with YAML front matter.
  class Post
    attr_reader :title, :date, :tags, :body

    FRONT_MATTER = /\A---\s*\n(.*?)\n---\s*\n/m
    WORDS_PER_MINUTE = 220

    def initialize(path)
      @path = path
      source = File.read(path)
      match = FRONT_MATTER.match(source)
      raise ArgumentError, "no front matter in #{path}" unless match

      meta = parse_meta(match[1])
      @title = meta.fetch("title") { File.basename(path, ".md") }
      @date = Time.parse(meta["date"] || "1970-01-01")
      @tags = meta.fetch("tags", "").split(/,\s*/).map(&:strip)
      @body = match.post_match
    end

    def self.all(dir = "content/posts")
      Dir.glob(File.join(dir, "*.md")).map { |f| new(f) }.sort_by(&:date).reverse
    end

    def draft?
      tags.include?("draft") || date > Time.now
    end

    def reading_time
      minutes = (body.split.size / WORDS_PER_MINUTE.to_f).ceil
      minutes == 1 ? "1 minute" : "#{minutes} minutes"
    end

    def to_h
      { title: title, date: date.iso8601, tags: tags, url: "/#{Slug.make(title)}/" }
    end

    def summary(limit = 160)
      text = body.gsub(/<[^>]+>/, "").squeeze(" ")
      text.length > limit ? text[0...limit].rstrip + "…" : text
    end

    private

    def parse_meta(yaml)
      yaml.lines.each_with_object({}) do |line, meta|
        key, value = line.split(":", 2).map(&:strip)
        meta[key] = value.delete_prefix('"').delete_suffix('"') if key && !key.empty?
      end
    end
  end
end

if $PROGRAM_NAME == __FILE__
  posts = Blog::Post.all.reject(&:draft?)
  footer = <<~HTML
    <footer>#{posts.size} posts, newest #{posts.first&.title}</footer>
  HTML
  puts %w[title date].join(", "), footer
  posts.each_with_index { |post, i| puts format("%2d. %-40s %s", i + 1, post.title, post.reading_time) }
end

# Appending with << is not a heredoc.
names = []
names << name
names << "tea" << "coffee"
puts names.join(", ")
