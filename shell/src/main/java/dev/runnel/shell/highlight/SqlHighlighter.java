package dev.runnel.shell.highlight;

import dev.runnel.shell.text.SqlKeywords;
import dev.runnel.shell.text.SqlLexer;
import dev.runnel.shell.text.SqlToken;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jline.reader.Highlighter;
import org.jline.reader.LineReader;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * Colours SQL as it is typed: keywords, strings, numbers, comments and quoted identifiers each
 * in their style; what is certainly wrong (a string, identifier or comment left open, a closing
 * bracket without an opening one, an opening one the statement closed with {@code ;} without
 * closing it) in red; and the bracket matching the one beside the cursor, so that a person sees
 * what a {@code )} closes. A {@code \} command is coloured as one word. JLine calls it on its
 * reader thread at every key; it keeps no state.
 */
public final class SqlHighlighter implements Highlighter {
    static final AttributedStyle KEYWORD = AttributedStyle.BOLD.foreground(AttributedStyle.BLUE);
    static final AttributedStyle STRING = AttributedStyle.DEFAULT.foreground(AttributedStyle.GREEN);
    static final AttributedStyle NUMBER = AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN);
    static final AttributedStyle COMMENT = AttributedStyle.DEFAULT.foreground(AttributedStyle.BRIGHT + AttributedStyle.BLACK);
    static final AttributedStyle QUOTED_IDENTIFIER = AttributedStyle.DEFAULT.foreground(AttributedStyle.YELLOW);
    static final AttributedStyle ERROR = AttributedStyle.DEFAULT.foreground(AttributedStyle.RED).underline();
    static final AttributedStyle MATCHING_BRACKET = AttributedStyle.BOLD.inverse();
    static final AttributedStyle COMMAND = AttributedStyle.BOLD.foreground(AttributedStyle.MAGENTA);

    @Override
    public AttributedString highlight(LineReader reader, String buffer) {
        return highlight(buffer, reader.getBuffer().cursor());
    }

    /** {@code buffer} coloured, with the bracket pair at {@code cursor} marked. */
    public static AttributedString highlight(String buffer, int cursor) {
        AttributedStringBuilder sb = new AttributedStringBuilder(buffer.length());
        if (buffer.stripLeading().startsWith("\\")) {
            return sb.styled(COMMAND, buffer).toAttributedString();
        }
        List<SqlToken> tokens = SqlLexer.tokenize(buffer);
        Brackets brackets = Brackets.of(tokens, cursor);
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            sb.styled(style(token, i, brackets), token.text());
        }
        return sb.toAttributedString();
    }

    private static AttributedStyle style(SqlToken token, int index, Brackets brackets) {
        if (!token.terminated() || brackets.unmatched.contains(index)) {
            return ERROR;
        }
        if (brackets.highlighted.contains(index)) {
            return MATCHING_BRACKET;
        }
        return switch (token.kind()) {
            case WORD -> SqlKeywords.highlighted(token.text()) ? KEYWORD : AttributedStyle.DEFAULT;
            case STRING -> STRING;
            case NUMBER -> NUMBER;
            case LINE_COMMENT, BLOCK_COMMENT -> COMMENT;
            case QUOTED_IDENTIFIER -> QUOTED_IDENTIFIER;
            case SYMBOL, WHITESPACE -> AttributedStyle.DEFAULT;
        };
    }

    /** Which bracket tokens are errors and which pair surrounds the cursor, by token index. */
    private record Brackets(Set<Integer> unmatched, Set<Integer> highlighted) {
        private static final Map<String, String> OPENING = Map.of(")", "(", "]", "[");

        static Brackets of(List<SqlToken> tokens, int cursor) {
            Set<Integer> unmatched = new HashSet<>();
            Map<Integer, Integer> pairs = new HashMap<>();
            Deque<Integer> open = new ArrayDeque<>();
            for (int i = 0; i < tokens.size(); i++) {
                SqlToken token = tokens.get(i);
                if (token.kind() != SqlToken.Kind.SYMBOL) {
                    continue;
                }
                String text = token.text();
                if (text.equals("(") || text.equals("[")) {
                    open.push(i);
                } else if (OPENING.containsKey(text)) {
                    if (!open.isEmpty() && tokens.get(open.peek()).text().equals(OPENING.get(text))) {
                        int opening = open.pop();
                        pairs.put(opening, i);
                        pairs.put(i, opening);
                    } else {
                        unmatched.add(i);
                    }
                } else if (text.equals(";")) {
                    // the statement ended: whatever it left open can no longer be closed
                    unmatched.addAll(open);
                    open.clear();
                }
            }
            Set<Integer> highlighted = new HashSet<>();
            for (int i = 0; i < tokens.size(); i++) {
                SqlToken token = tokens.get(i);
                // the bracket under the cursor, or the one just before it (as after typing ")")
                boolean atCursor = token.start() == cursor || token.end() == cursor;
                if (atCursor && pairs.containsKey(i)) {
                    highlighted.add(i);
                    highlighted.add(pairs.get(i));
                    break;
                }
            }
            return new Brackets(unmatched, highlighted);
        }
    }
}
