package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.junit.jupiter.api.Test;

/** Issue 28, item 9: malformed JSON is named by line and column, in words, without the parser's internals. */
final class MalformedJsonMessageTest {
    private static String message(String json) {
        Throwable t = catchThrowable(() -> ScenarioLoader.parse(json));
        assertThat(t).isInstanceOf(ScenarioException.class);
        return t.getMessage();
    }

    @Test
    void malformedJsonSaysWhereAndWhatWithoutParserInternals() {
        String[] bad = {"{\"name\": }", "{\"name\" \"x\"}", "{\"steps\": 5,}", "{\"bodies\": [", "{", "{\"a\": tru}",
            "{\"name\": \"x\u0001\"}", "{'name': 1}", "{\"steps\": 1e}", "[1, 2", "{\"name\": \"unterminated}", "{}{}",
            "{\"x\": -}"};
        for (String json : bad) {
            String m = message(json);
            System.out.println(json.replace('\u0001', '?') + "  ->  " + m);
            assertThat(m).as(json).startsWith("$: malformed JSON at line ").doesNotContain("code ")
                    .doesNotContain("Source").doesNotContain("REDACTED").doesNotContain("StreamReadFeature")
                    .doesNotContain("JsonToken").doesNotContain("`").doesNotContain("com.fasterxml").doesNotContain("\n")
                    .doesNotContain("Jackson");
        }
        assertThat(message("{\"name\": }")).isEqualTo("$: malformed JSON at line 1, column 10: unexpected character ('}'):"
                + " expected a value");
    }

    /**
     * NaN and Infinity are not JSON numbers; Jackson's "enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow"
     * lost its class name and read "non-standard token 'NaN': enable to allow", a switch the user does not have
     * (tour17). It names the token and what is allowed now.
     */
    @Test
    void nanAndInfinityAreNamedWithWhatIsAllowed() {
        for (String token : new String[] {"NaN", "Infinity", "-Infinity"}) {
            String json = "{\"steps\": 3, \"bodies\": [{\"shape\": {\"type\": \"sphere\", \"radius\": " + token + "}}]}";
            String m = message(json);
            assertThat(m).as(token).isEqualTo("$: malformed JSON at line 1, column " + (json.indexOf(token) + token.length() + 1)
                    + ": " + token + " is not a JSON number; allowed: a finite number (JSON has no NaN or Infinity)");
        }
    }
}
