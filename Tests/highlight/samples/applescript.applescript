-- Export the selected Notes to Markdown files for the blog.
(* Written for macOS Sonoma.
   (* Nested comments work too. *)
   Run it from Script Editor or with osascript. *)

property exportFolder : "~/Sites/blog/content/notes"
property maxTitleLength : 60
global exportedCount

on run
	set exportedCount to 0
	tell application "Notes"
		activate
		set theNotes to selection
		if (count of theNotes) is 0 then
			display dialog "Select at least one note first." buttons {"OK"} default button 1 with icon caution
			return
		end if
		repeat with aNote in theNotes
			set noteTitle to name of aNote
			set noteBody to body of aNote
			my writeNote(noteTitle, noteBody)
		end repeat
	end tell
	display notification (exportedCount as text) & " notes exported" with title "Blog export"
end run

on writeNote(theTitle, theBody)
	set slug to my slugify(theTitle)
	if length of slug > maxTitleLength then set slug to text 1 thru maxTitleLength of slug
	set targetPath to (POSIX path of (path to home folder)) & "Sites/blog/content/notes/" & slug & ".md"
	set stamp to do shell script "date +%Y-%m-%d"
	try
		set fileRef to open for access (POSIX file targetPath) with write permission
		set eof of fileRef to 0
		write "---" & linefeed & "title: \"" & theTitle & "\"" & linefeed & "date: " & stamp & linefeed & "---" & linefeed to fileRef as «class utf8»
		write theBody to fileRef as «class utf8»
		close access fileRef
		set exportedCount to exportedCount + 1
	on error errMsg number errNum
		try
			close access file targetPath
		end try
		log "Could not write " & targetPath & ": " & errMsg & " (" & errNum & ")"
	end try
end writeNote

on slugify(theText)
	set AppleScript's text item delimiters to {" ", "/", ":"}
	set parts to text items of theText
	set AppleScript's text item delimiters to "-"
	set joined to parts as text
	set AppleScript's text item delimiters to ""
	return do shell script "echo " & quoted form of joined & " | tr '[:upper:]' '[:lower:]'"
end slugify

# A hash comment also works, and so does the continuation character:
set ratio to 3.5 / 2 * ¬
	(10 div 3) mod 4
if ratio is greater than 1 and ratio is not equal to 2 then beep 2
