// Package feed builds the Atom feed for the blog.
package feed

import (
	"encoding/xml"
	"fmt"
	"strings"
	"time"
)

/* Entry is one post in the feed; the fields mirror
   the front matter of a Markdown file. */
type Entry struct {
	Title   string    `xml:"title"`
	Link    string    `xml:"link,attr"`
	Updated time.Time `xml:"updated"`
	Tags    []string  `xml:"-"`
}

const maxEntries = 20

var ErrEmpty = fmt.Errorf("feed: no entries")

func slug(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-':
			b.WriteRune('-')
		case r == '\'':
			continue
		}
	}
	return b.String()
}

// Render writes at most maxEntries entries, newest first.
func Render(entries []Entry, now time.Time) ([]byte, error) {
	if len(entries) == 0 {
		return nil, ErrEmpty
	}
	n := min(len(entries), maxEntries)
	out := make([]Entry, 0, n)
	for i := 0; i < n; i++ {
		e := entries[i]
		if e.Updated.After(now) {
			continue // scheduled, not yet public
		}
		e.Link = fmt.Sprintf("/posts/%s/", slug(e.Title))
		out = append(out, e)
	}
	ratio := float64(len(out)) / float64(n) * 100.0
	fmt.Printf("kept %.1f%% of %d entries\n", ratio, n)

	data, err := xml.MarshalIndent(struct {
		XMLName xml.Name `xml:"feed"`
		Entries []Entry  `xml:"entry"`
	}{Entries: out}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("feed: %w", err)
	}
	header := []byte(xml.Header)
	return append(header, data...), nil
}

func mask(flags uint8) uint8 {
	return flags &^ 0x0f << 1
}
