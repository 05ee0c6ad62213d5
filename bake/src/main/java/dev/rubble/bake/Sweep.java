package dev.rubble.bake;

import java.util.List;
import java.util.Objects;

/**
 * A loaded sweep file (docs/bake.md): its name, the expanded variants and what each variant writes.
 *
 * @param name       free text from the file
 * @param parameters the parameter names, in file order (the manifest's parameter columns)
 * @param variants   every variant, in order (index = position)
 * @param outputs    what each variant writes besides its manifest row
 */
public record Sweep(String name, List<String> parameters, List<Variant> variants, Outputs outputs) {
    public Sweep {
        Objects.requireNonNull(name, "name is null");
        parameters = List.copyOf(parameters);
        variants = List.copyOf(variants);
        Objects.requireNonNull(outputs, "outputs is null");
    }

    /**
     * What a variant writes into its directory.
     *
     * @param journal a reproducible journal ({@code journal/}, docs/journal-format.md)
     * @param state   the final state as a snapshot ({@code final.rsnap}, docs/snapshot-format.md)
     * @param sheet   a small contact sheet of the run ({@code sheet.png}: 16 frames from the first to
     *                the last step, drawn by the {@code sheet} renderer plugin while the variant runs)
     */
    public record Outputs(boolean journal, boolean state, boolean sheet) implements java.io.Serializable {
        /** Journal and state only, no sheet. */
        public Outputs(boolean journal, boolean state) {
            this(journal, state, false);
        }
    }
}
