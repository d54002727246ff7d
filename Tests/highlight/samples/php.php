<?php
declare(strict_types=1);

namespace Ledger\Blog;

use DateTimeImmutable;

/**
 * Renders the archive page of the blog, grouped by month.
 */
final class ArchivePage
{
    private const PER_PAGE = 20;

    public function __construct(private array $posts, private string $baseUrl = '/blog')
    {
    }

    public function months(): array
    {
        $groups = [];
        foreach ($this->posts as $post) {
            $date = new DateTimeImmutable($post['date']);
            $groups[$date->format('F Y')][] = $post; // newest first
        }
        krsort($groups);
        return array_slice($groups, 0, self::PER_PAGE, true);
    }

    public function footer(int $year): string
    {
        $name = htmlspecialchars($this->posts[0]['author'] ?? 'Anonymous');
        return <<<HTML
            <footer>&copy; {$year} {$name}. Feed: {$this->baseUrl}/feed.xml</footer>
            HTML;
    }
}

$page = new ArchivePage(json_decode(file_get_contents(__DIR__ . '/posts.json'), true));
$title = "Archive ({$_GET['page']} of " . count($page->months()) . ")";
# Raw notice text, no interpolation in a nowdoc:
$notice = <<<'TXT'
Prices are in $USD and {braces} stay as they are.
TXT;
?>
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title><?= htmlspecialchars($title) ?></title>
</head>
<body>
  <h1 class="<?php echo $page->months() ? 'full' : 'empty'; ?>">Archive</h1>
  <?php foreach ($page->months() as $month => $posts): ?>
    <section>
      <h2><?= $month ?></h2>
      <ul>
        <?php foreach ($posts as $i => $post): ?>
          <li data-index="<?= $i + 1 ?>">
            <a href="/blog/<?= urlencode($post['slug']) ?>/"><?= $post['title'] ?></a>
            <?php if (!empty($post['draft'])): ?><em>(draft)</em><?php endif; ?>
          </li>
        <?php endforeach; ?>
      </ul>
    </section>
  <?php endforeach; ?>
  <p><?= nl2br($notice) ?> Total: <?= sprintf('%d posts', 3 * 7 / 2) ?></p>
</body>
</html>
