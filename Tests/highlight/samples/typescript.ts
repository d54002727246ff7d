// Client-side search over the JSON index that blogbuild writes.
import { debounce } from "./util";

export interface Post {
  title: string;
  url: string;
  date: string;
  tags?: string[];
  words: number;
}

type Scored<T> = { item: T; score: number };

enum Field {
  Title = 3,
  Tag = 2,
  Body = 1,
}

const SPLIT = /[\s,.;:!?]+/u;
const cache = new Map<string, Post[]>();

function tokenize(text: string): string[] {
  return text.toLowerCase().split(SPLIT).filter((t) => t.length > 1);
}

export class SearchIndex {
  private readonly posts: Post[] = [];

  constructor(private baseURL: string) {}

  async load(): Promise<void> {
    const response = await fetch(`${this.baseURL}/index.json`);
    if (!response.ok) {
      throw new Error(`index: HTTP ${response.status}`);
    }
    this.posts.push(...((await response.json()) as Post[]));
  }

  search(query: string, limit = 10): Scored<Post>[] {
    const hit = cache.get(query);
    if (hit !== undefined) return hit.map((item) => ({ item, score: 1 }));
    const terms = tokenize(query);
    const scored = this.posts
      .map((post): Scored<Post> => {
        let score = 0;
        for (const term of terms) {
          if (post.title.toLowerCase().includes(term)) score += Field.Title;
          if (post.tags?.some((tag) => tag === term)) score += Field.Tag;
        }
        return { item: post, score: score / Math.max(terms.length, 1) };
      })
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score || a.item.date.localeCompare(b.item.date));
    cache.set(query, scored.map((s) => s.item));
    return scored.slice(0, limit);
  }
}

export function render(results: Scored<Post>[], list: HTMLElement): void {
  list.innerHTML = results
    .map(({ item }) => `<li><a href="${item.url}">${item.title}</a> <small>${item.words / 200 | 0} min</small></li>`)
    .join("\n");
}

const input = document.querySelector<HTMLInputElement>("#search");
input?.addEventListener("input", debounce((event: Event) => {
  const value = (event.target as HTMLInputElement).value.trim();
  console.log(value.replace(/\s+/g, " "), value.length / 2);
}, 150));
