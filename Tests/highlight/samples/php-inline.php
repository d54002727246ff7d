// A blog snippet: PHP without the opening tag, as most posts write it.
$posts = array_filter($all, fn($p) => !$p->draft);
usort($posts, function ($a, $b) {
    return strcmp($b->date, $a->date);
});

foreach ($posts as $post) {
    echo "<li>{$post->title} ({$post->date})</li>\n";
}

class Feed
{
    private array $items = [];

    public function add(string $title, int $count = 3): self
    {
        $this->items[] = ['title' => $title, 'count' => $count];
        return $this;
    }
}

$feed = (new Feed())->add('Kettle', 2);
print_r(json_encode($feed, JSON_PRETTY_PRINT));
