#!/bin/sh
# Build and upload the blog. Run from the repository root.
set -eu
JEKYLL_ENV=production bundle exec jekyll build
rsync -az --delete _site/ deploy@example.com:/var/www/example.com/blog/
